package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// route has cyclomatic complexity 11 (1 + ten ifs) and cognitive
// complexity 10 (ten flat ifs): one cyclomatic-complexity finding, none
// cognitive. COMMENT is replaced by the line above its def.
const route = `COMMENT
def route(a, b, c, d, e, f, g, h, i, j):
    if a:
        return 1
    if b:
        return 2
    if c:
        return 3
    if d:
        return 4
    if e:
        return 5
    if f:
        return 6
    if g:
        return 7
    if h:
        return 8
    if i:
        return 9
    if j:
        return 10
    return 0
`

// decoratedRoute is route under two decorators, its def on line 7 (the
// decorators are not in its span: sloc 22 still); COMMENT is the line
// above the first decorator. decoratedTrailing has COMMENT at the end of
// the second decorator's line (the def on line 6), decoratedBetween on a
// line between the two (the def on line 7).
var (
	decoratedRoute    = strings.Replace(route, "COMMENT\n", "import functools\n\n\nCOMMENT\n@functools.cache\n@functools.wraps(print)\n", 1)
	decoratedTrailing = strings.Replace(route, "COMMENT\n", "import functools\n\n\n@functools.cache\n@functools.wraps(print)  COMMENT\n", 1)
	decoratedBetween  = strings.Replace(route, "COMMENT\n", "import functools\n\n\n@functools.cache\nCOMMENT\n@functools.wraps(print)\n", 1)
)

// decorate puts src's def under a decorator, on line 6 (COMMENT on 4).
func decorate(src string) string {
	return strings.Replace(src, "COMMENT\n", "import functools\n\n\nCOMMENT\n@functools.cache\n", 1)
}

// rustRoute is route in Rust, under an attribute and a doc comment:
// cyclomatic complexity 11 (1 + ten ifs), cognitive 10, its fn on line 4
// and 12 SLOC (the fn line, ten ifs and 0: a line holding only the
// closing brace is not SLOC in Rust).
const rustRoute = `COMMENT
#[inline]
/// Dispatches on the first true flag.
pub fn route(a: bool, b: bool, c: bool, d: bool, e: bool, f: bool, g: bool, h: bool, i: bool, j: bool) -> i32 {
    if a { return 1; }
    if b { return 2; }
    if c { return 3; }
    if d { return 4; }
    if e { return 5; }
    if f { return 6; }
    if g { return 7; }
    if h { return 8; }
    if i { return 9; }
    if j { return 10; }
    0
}
`

// first and second are one clone group (same statements once names and
// literals are set aside), 3 SLOC each.
const (
	first  = "COMMENT\ndef first(value):\n    total = value + 1\n    return total * 2\n"
	second = "COMMENT\ndef second(item):\n    result = item + 3\n    return result * 4\n"
)

// metricSARIF is the part of a SARIF log the metric rule tests read.
type metricSARIF struct {
	Runs []struct {
		Tool struct {
			Driver struct {
				Rules []struct {
					ID   string `json:"id"`
					Help struct {
						Text string `json:"text"`
					} `json:"help"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Results []struct {
			RuleID string `json:"ruleId"`
		} `json:"results"`
	} `json:"runs"`
}

// An ignore directive naming a metric rule hides its finding from every
// findings format and from the exit status, and changes no metric: the
// JSON report of the tree with the directive is byte for byte the one of
// the tree with a plain comment in its place.
func TestMetricRuleIgnoreDirectives(t *testing.T) {
	plain := "# kept as it is"
	cases := []struct {
		name string
		// files maps a path to its text, whose COMMENT line is the
		// directive (or the plain comment).
		files      map[string]string
		directives map[string]string
		// wantText are the text lines with the directives, textWithout
		// without them; wantExit the status with them.
		wantText, textWithout []string
		wantExit              string
		// wantJSON are parts of the JSON report, the same in both runs.
		wantJSON []string
		// wantHuman is the last line of the human output with them.
		wantHuman string
	}{
		{
			name:        "cyclomatic-complexity above the def hides the function's finding",
			files:       map[string]string{"m.py": route},
			directives:  map[string]string{"m.py": "# scbc ignore[cyclomatic-complexity] flat dispatch, read as a table"},
			textWithout: []string{"m.py:2:1: warning[cyclomatic-complexity]: function `route` exceeds complexity threshold (complexity 11 > 10, sloc 22)"},
			wantExit:    "0\n",
			wantJSON:    []string{`"erosion":1.0,`, `"cog_erosion":0.0,`, `"total_functions":1,"high_cc_functions":1,"high_cog_functions":0,`},
			wantHuman:   "No findings shown; 1 metric finding hidden by ignore directives.",
		},
		{
			name:        "cyclomatic-complexity above the first decorator stands for the function",
			files:       map[string]string{"m.py": decoratedRoute},
			directives:  map[string]string{"m.py": "# scbc ignore[cyclomatic-complexity] cached dispatch"},
			textWithout: []string{"m.py:7:1: warning[cyclomatic-complexity]: function `route` exceeds complexity threshold (complexity 11 > 10, sloc 22)"},
			wantExit:    "0\n",
			wantJSON:    []string{`"erosion":1.0,`, `"high_cc_functions":1,`},
			wantHuman:   "No findings shown; 1 metric finding hidden by ignore directives.",
		},
		{
			name:        "cyclomatic-complexity at the end of a decorator's line",
			files:       map[string]string{"m.py": decoratedTrailing},
			directives:  map[string]string{"m.py": "# scbc ignore[cyclomatic-complexity]"},
			textWithout: []string{"m.py:6:1: warning[cyclomatic-complexity]: function `route` exceeds complexity threshold (complexity 11 > 10, sloc 22)"},
			wantExit:    "0\n",
			wantJSON:    []string{`"erosion":1.0,`},
			wantHuman:   "No findings shown; 1 metric finding hidden by ignore directives.",
		},
		{
			name:        "cyclomatic-complexity between decorators",
			files:       map[string]string{"m.py": decoratedBetween},
			directives:  map[string]string{"m.py": "# scbc ignore[cyclomatic-complexity]"},
			textWithout: []string{"m.py:7:1: warning[cyclomatic-complexity]: function `route` exceeds complexity threshold (complexity 11 > 10, sloc 22)"},
			wantExit:    "0\n",
			wantJSON:    []string{`"erosion":1.0,`},
			wantHuman:   "No findings shown; 1 metric finding hidden by ignore directives.",
		},
		{
			name:        "cyclomatic-complexity above a Rust attribute stands for the function",
			files:       map[string]string{"m.rs": rustRoute},
			directives:  map[string]string{"m.rs": "// scbc ignore[cyclomatic-complexity]"},
			textWithout: []string{"m.rs:4:1: warning[cyclomatic-complexity]: function `route` exceeds complexity threshold (complexity 11 > 10, sloc 12)"},
			wantExit:    "0\n",
			wantJSON:    []string{`"erosion":1.0,`, `"high_cc_functions":1,`},
			wantHuman:   "No findings shown; 1 metric finding hidden by ignore directives.",
		},
		{
			name:        "the old id erosion names cyclomatic-complexity",
			files:       map[string]string{"m.py": route},
			directives:  map[string]string{"m.py": "# scbc ignore[erosion]"},
			textWithout: []string{"m.py:2:1: warning[cyclomatic-complexity]: function `route` exceeds complexity threshold (complexity 11 > 10, sloc 22)"},
			wantExit:    "0\n",
			wantJSON:    []string{`"erosion":1.0,`, `"high_cc_functions":1,`},
			wantHuman:   "No findings shown; 1 metric finding hidden by ignore directives.",
		},
		{
			name:        "a directive naming cognitive-complexity leaves the cyclomatic finding",
			files:       map[string]string{"m.py": route},
			directives:  map[string]string{"m.py": "# scbc ignore[cognitive-complexity, cog_erosion]"},
			wantText:    []string{"m.py:2:1: warning[cyclomatic-complexity]: function `route` exceeds complexity threshold (complexity 11 > 10, sloc 22)"},
			textWithout: []string{"m.py:2:1: warning[cyclomatic-complexity]: function `route` exceeds complexity threshold (complexity 11 > 10, sloc 22)"},
			wantExit:    "1\n",
			wantJSON:    []string{`"erosion":1.0,`},
			wantHuman:   "Found 1 finding: 1 warning.",
		},
		{
			name:       "duplicate-structure on one instance hides that instance's finding only",
			files:      map[string]string{"a.py": first, "b.py": second},
			directives: map[string]string{"a.py": "# scbc ignore[duplicate-structure] generated twin", "b.py": plain},
			wantText:   []string{"b.py:2:1: warning[duplicate-structure]: duplicated block (3 lines, 2 instances), also at a.py:2"},
			textWithout: []string{
				"a.py:2:1: warning[duplicate-structure]: duplicated block (3 lines, 2 instances), also at b.py:2",
				"b.py:2:1: warning[duplicate-structure]: duplicated block (3 lines, 2 instances), also at a.py:2",
			},
			wantExit:  "1\n",
			wantJSON:  []string{`"verbosity":1.0,`, `"verbosity_flagged_loc":6,"clone_loc":6,`},
			wantHuman: "Found 1 finding: 1 warning.",
		},
		{
			name:  "duplicate-structure on every instance hides the group",
			files: map[string]string{"a.py": first, "b.py": second},
			directives: map[string]string{
				"a.py": "# scbc ignore[duplicate-structure]", "b.py": "# scbc ignore[duplicate-structure]",
			},
			textWithout: []string{
				"a.py:2:1: warning[duplicate-structure]: duplicated block (3 lines, 2 instances), also at b.py:2",
				"b.py:2:1: warning[duplicate-structure]: duplicated block (3 lines, 2 instances), also at a.py:2",
			},
			wantExit:  "0\n",
			wantJSON:  []string{`"verbosity":1.0,`, `"verbosity_flagged_loc":6,"clone_loc":6,`},
			wantHuman: "No findings shown; 1 metric finding hidden by ignore directives.",
		},
		{
			name:  "duplicate-structure above each instance's decorator hides the group",
			files: map[string]string{"a.py": decorate(first), "b.py": decorate(second)},
			directives: map[string]string{
				"a.py": "# scbc ignore[duplicate-structure]", "b.py": "# scbc ignore[duplicate-structure]",
			},
			textWithout: []string{
				"a.py:6:1: warning[duplicate-structure]: duplicated block (3 lines, 2 instances), also at b.py:6",
				"b.py:6:1: warning[duplicate-structure]: duplicated block (3 lines, 2 instances), also at a.py:6",
			},
			wantExit:  "0\n",
			wantJSON:  []string{`"verbosity_flagged_loc":6,"clone_loc":6,`},
			wantHuman: "No findings shown; 1 metric finding hidden by ignore directives.",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			with, without := t.TempDir(), t.TempDir()
			withFiles, withoutFiles := map[string]string{}, map[string]string{}
			for path, text := range tc.files {
				plain := plain
				if strings.HasSuffix(path, ".rs") {
					plain = "// kept as it is"
				}
				d, ok := tc.directives[path]
				if !ok {
					d = plain
				}
				// Same lines and nodes: only the comment's text differs.
				withFiles[path] = strings.Replace(text, "COMMENT", d, 1)
				withoutFiles[path] = strings.Replace(text, "COMMENT", plain, 1)
			}
			writeTree(t, with, withFiles)
			writeTree(t, without, withoutFiles)
			check := func(dir string, args ...string) map[string]string {
				t.Helper()
				got := runBinary(t, dir, append(append([]string{"check", "--disable-sg"}, args...), "."), nil)
				require.Empty(t, got[secStderr])
				return got
			}

			jsonWith, jsonWithout := check(with, "--report"), check(without, "--report")
			assert.Equal(t, jsonWithout[secStdout], jsonWith[secStdout], "the metrics do not depend on the directives")
			for _, part := range tc.wantJSON {
				assert.Contains(t, jsonWith[secStdout], part)
			}
			assert.Equal(t, tc.wantExit, jsonWith[secExit], "the exit status of --report follows the findings")
			assert.Equal(t, "1\n", jsonWithout[secExit])

			textWith, textWithout := check(with, "--output-format", "text"), check(without, "--output-format", "text")
			assert.Equal(t, textLines(tc.wantText), textWith[secStdout])
			assert.Equal(t, textLines(tc.textWithout), textWithout[secStdout])
			assert.Equal(t, tc.wantExit, textWith[secExit])

			var logWith, logWithout metricSARIF
			sarifWith := check(with, "--output-format", "sarif")
			require.NoError(t, json.Unmarshal([]byte(sarifWith[secStdout]), &logWith))
			require.NoError(t, json.Unmarshal([]byte(check(without, "--output-format", "sarif")[secStdout]), &logWithout))
			assert.Len(t, logWith.Runs[0].Results, len(tc.wantText), "one SARIF result per text line")
			assert.Len(t, logWithout.Runs[0].Results, len(tc.textWithout))
			assert.Equal(t, tc.wantExit, sarifWith[secExit])
			help := map[string]string{}
			for _, r := range logWith.Runs[0].Tool.Driver.Rules {
				help[r.ID] = r.Help.Text
			}
			for _, id := range []string{"cyclomatic-complexity", "cognitive-complexity", "duplicate-structure"} {
				assert.Contains(t, help[id], "never changes a metric", "rule %s is listed with its help", id)
			}

			human := check(with)
			assert.Equal(t, tc.wantExit, human[secExit])
			assert.True(t, strings.HasSuffix(human[secStdout], "\n\n"+tc.wantHuman+"\n"), "the findings line (a clone group is one block): %s", human[secStdout])
		})
	}
}

// textLines joins text lines, each ending in a newline.
func textLines(ls []string) string {
	if len(ls) == 0 {
		return ""
	}
	return strings.Join(ls, "\n") + "\n"
}

// `rule ID` shows a metric rule by its id and by its old id.
func TestRuleShowsMetricRules(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ id, shown, metric string }{
		{"cyclomatic-complexity", "cyclomatic-complexity", "erosion"},
		{"erosion", "cyclomatic-complexity", "erosion"},
		{"cog_erosion", "cognitive-complexity", "cog_erosion"},
		{"duplicate-structure", "duplicate-structure", "verbosity"},
	} {
		got := runBinary(t, dir, []string{"rule", tc.id}, nil)
		assert.Equal(t, "0\n", got[secExit], tc.id)
		assert.True(t, strings.HasPrefix(got[secStdout], "id: "+tc.shown+"\n"), got[secStdout])
		assert.Contains(t, got[secStdout], "\nkind: metric\nmetric: "+tc.metric+"\n", tc.id)
		assert.Contains(t, got[secStdout], "\n  suppression: >-\n", tc.id)
	}
}
