package scbcheck_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The library's strings tell no caller to pass a command-line option or
// to run a script of this repository, and name no option in words: a
// message about an option carries it as a value (package option:
// option.Name, option.About), which the library spells as the field a
// caller sets (Options.MaxFileSize) and the command (cmd/scb-check) as
// its flag. A string naming a field of Options or GitOptions would reach
// the command's user unspelled.
func TestLibraryStringsNameNoCommandLineOption(t *testing.T) {
	// advice is a long option, a repository script or a command of
	// scb-check (scb-check dir <PATH>) named in a string.
	advice := regexp.MustCompile(`(^|[^\w-])--[a-z]|scripts/|scb-check (check|dir|functions|rules?|trajectory|batch|help)\b`)
	// named is an option named in words, as Options.MaxFileSize or
	// GitOptions.OutsideGitDir.
	named := regexp.MustCompile(`\b(Git)?Options\.([A-Z]|$)`)
	// An argument of a program the library runs (git's --no-pager,
	// ast-grep's --json=compact) is a string of its own: not advice.
	argument := regexp.MustCompile(`^--[a-z][a-z0-9-]*(=\S*)?$`)
	// allowed are the strings that name another program's option in a
	// message about running it, not as advice to the caller.
	allowed := map[string]string{
		"%s --version did not finish: %w":                                  "the ast-grep probe that ran",
		"%s --version failed (%w): %s":                                     "the ast-grep probe that ran",
		"%s --version printed %s, not \"ast-grep X.Y.Z\": is it ast-grep?": "the ast-grep probe that ran",
		"%s --version did not finish within %s":                            "the ast-grep probe that ran",
		"scb-check trajectory (%d checkpoints)":                            "the trajectory chart's title",
		"diff --git ":                                                      "the header of a file in git's patch format, read from a patch (change.ParsePatch)",
		"%s:%d: not a line of scb-check batch (a JSON object with snapshot and status ok or error); ":              "names the lines' writer, not a command to run",
		"(git fetch --unshallow, or fetch-depth: 0 in actions/checkout) and try again":                             "git's command and the checkout action's input that fetch the history a shallow clone lacks",
		"whole history (fetch-depth: 0 in actions/checkout, GIT_DEPTH: \"0\" in GitLab CI, git fetch --unshallow ": "the CI systems' settings and git's command that fetch the history a shallow clone lacks",
	}
	// Outside the library: the command and the other front ends (the
	// MCP server, the advice each front end words in its own options),
	// the benchmark programs, the helpers only tests import, the fixtures.
	skipDirs := map[string]bool{"cmd": true, "bench": true, "testdata": true, filepath.Join("internal", "testkit"): true,
		filepath.Join("internal", "advice"): true, filepath.Join("internal", "mcpserver"): true}

	files := 0
	var found []string
	require.NoError(t, filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		require.NoError(t, err)
		if d.IsDir() {
			if skipDirs[path] || (path != "." && strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		files++
		// A string joined to others is part of a message, even one
		// that is a single option.
		joined := map[*ast.BasicLit]bool{}
		ast.Inspect(file, func(n ast.Node) bool {
			if b, ok := n.(*ast.BinaryExpr); ok && b.Op == token.ADD {
				for _, operand := range []ast.Expr{b.X, b.Y} {
					if lit, ok := operand.(*ast.BasicLit); ok {
						joined[lit] = true
					}
				}
			}
			return true
		})
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			require.NoError(t, err)
			if advice.MatchString(s) && (joined[lit] || !argument.MatchString(s)) && allowed[s] == "" {
				found = append(found, fset.Position(lit.Pos()).String()+": "+s)
			}
			if named.MatchString(s) {
				found = append(found, fset.Position(lit.Pos()).String()+": names an option in words: "+s)
			}
			return true
		})
		return nil
	}))
	assert.Greater(t, files, 100, "the walk reached the library's sources")
	assert.Empty(t, found, "library strings that name a command-line option or a script, or an option in words")
}
