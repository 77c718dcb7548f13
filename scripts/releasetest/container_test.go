package releasetest

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/rules"
)

// The Containerfile builds from public base images, which no registry here
// serves: these tests check what it copies and pins (scripts/test-image
// builds and tests the FROM scratch image, Containerfile.scratch).

// instruction is one Containerfile instruction, continuation lines joined.
type instruction struct {
	op   string
	args string
}

func readContainerfile(t *testing.T, path string) []instruction {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var out []instruction
	var cur strings.Builder
	for _, line := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimSpace(line)
		if cur.Len() == 0 && (trimmed == "" || strings.HasPrefix(trimmed, "#")) {
			continue
		}
		if strings.HasSuffix(trimmed, "\\") {
			cur.WriteString(strings.TrimSuffix(trimmed, "\\") + " ")
			continue
		}
		cur.WriteString(trimmed)
		op, args, _ := strings.Cut(cur.String(), " ")
		out = append(out, instruction{op: strings.ToUpper(op), args: strings.TrimSpace(args)})
		cur.Reset()
	}
	require.Zero(t, cur.Len(), "%s ends in a continuation", path)
	return out
}

// finalStage is the instructions after the last FROM.
func finalStage(ins []instruction) []instruction {
	last := 0
	for i, in := range ins {
		if in.op == "FROM" {
			last = i
		}
	}
	return ins[last:]
}

func TestContainerfileCopiesOnlyRepositoryFiles(t *testing.T) {
	ins := readContainerfile(t, "Containerfile")
	copies := 0
	for _, in := range ins {
		if in.op != "COPY" || strings.HasPrefix(in.args, "--from=") {
			continue
		}
		fields := strings.Fields(in.args)
		require.GreaterOrEqual(t, len(fields), 2, in.args)
		for _, src := range fields[:len(fields)-1] {
			_, err := os.Stat(src)
			assert.NoError(t, err, "COPY %s: not in the repository", src)
			copies++
		}
	}
	assert.GreaterOrEqual(t, copies, 3)
	ignore, err := os.ReadFile(".dockerignore")
	require.NoError(t, err)
	for _, p := range []string{".git", ".tools", "bench/corpus", "dist"} {
		assert.Contains(t, strings.Split(string(ignore), "\n"), p, "the build context leaves out %s", p)
	}
}

func TestContainerfilePinsFromTheirOnePlace(t *testing.T) {
	ins := readContainerfile(t, "Containerfile")
	args := map[string]string{}
	for _, in := range ins {
		if in.op == "ARG" {
			name, value, _ := strings.Cut(in.args, "=")
			args[name] = value
		}
	}
	gomod, err := os.ReadFile("go.mod")
	require.NoError(t, err)
	goLine := regexp.MustCompile(`(?m)^go (\d+\.\d+)(\.\d+)?$`).FindStringSubmatch(string(gomod))
	require.NotNil(t, goLine)
	assert.Equal(t, goLine[1], args["GO_VERSION"], "the builder's Go is go.mod's")

	// The ast-grep version is read from rules/astgrep.go at build time, by
	// the same sed expression as the action's: run it here.
	var script string
	for _, in := range ins {
		if in.op == "RUN" && strings.Contains(in.args, "@ast-grep/cli@") {
			script = in.args
		}
	}
	require.NotEmpty(t, script, "a RUN installs @ast-grep/cli")
	expr := regexp.MustCompile(`sed -n '([^']+)' /pin/astgrep.go`).FindStringSubmatch(script)
	require.NotNil(t, expr, script)
	assert.NotContains(t, script, rules.PinnedAstGrep, "the version is read, not written twice")
	out, err := exec.Command("sed", "-n", expr[1], filepath.Join("rules", "astgrep.go")).Output()
	require.NoError(t, err)
	assert.Equal(t, rules.PinnedAstGrep+"\n", string(out))
	action, err := os.ReadFile("action.yml")
	require.NoError(t, err)
	assert.Contains(t, string(action), "sed -n '"+expr[1]+"'", "action.yml reads the pin the same way")
}

// Both images have one layout: the same user, directory, entrypoint and
// environment, so that the README's commands work with either.
func TestContainerfilesAgreeOnTheLayout(t *testing.T) {
	config := func(path string) map[string]string {
		got := map[string]string{}
		for _, in := range finalStage(readContainerfile(t, path)) {
			switch in.op {
			case "USER", "WORKDIR", "ENTRYPOINT", "CMD":
				got[in.op] = in.args
			case "ENV":
				for _, kv := range strings.Fields(in.args) {
					k, v, _ := strings.Cut(kv, "=")
					if k != "PATH" {
						got["ENV "+k] = v
					}
				}
			}
		}
		return got
	}
	source, scratch := config("Containerfile"), config("Containerfile.scratch")
	assert.Equal(t, source, scratch)
	assert.Equal(t, `["/usr/local/bin/scb-check"]`, source["ENTRYPOINT"])
	assert.Equal(t, "65534:65534", source["USER"])
	assert.Equal(t, "/usr/local/bin/ast-grep", source["ENV SCB_CHECK_AST_GREP"])
}
