package scbcheck_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/rules"
)

// passRule flags every pass statement.
const passRule = "id: no-pass\nlanguage: python\nseverity: warning\nmessage: no pass\nrule:\n  pattern: pass\n"

// slopSource has a bundled bool-comparison finding (line 2) and a pass
// statement (line 3) in 4 SLOC.
const slopSource = "def check(flag):\n    if flag == True:\n        pass\n    return 0\n"

func TestAnalyzeCatalog(t *testing.T) {
	dir := t.TempDir()
	code := write(t, dir, "code/sample.py", slopSource)
	catalog := write(t, dir, "catalog/no-pass.yml", passRule)
	empty := filepath.Join(dir, "empty")
	write(t, dir, "empty/README", "no rules here")
	extra := write(t, dir, "extra.yml", "id: no-return-zero\nlanguage: python\nseverity: info\nrule:\n  pattern: return 0\n")

	bundled, err := rules.LoadCatalog(nil)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(bundled.Rules), 197, "the reference's 197 Python rules and ours")
	cases := []struct {
		name    string
		opt     scbcheck.Options
		flagged []int // lines flagged by ast-grep rules
		catalog report.Catalog
		version bool // ast-grep ran and its version is named
	}{
		{
			name:    "the bundled catalog flags the bool comparison",
			opt:     scbcheck.Options{},
			flagged: []int{2},
			catalog: report.Catalog{Name: "bundled:" + scbcheck.Version, Bundled: true, Rules: len(bundled.Rules), Active: bundled.Active(rules.SeverityWarning).For([]string{"a.py"})},
			version: true,
		},
		{
			name:    "a catalog directory replaces the bundled rules",
			opt:     scbcheck.Options{CatalogPaths: []string{filepath.Dir(catalog)}},
			flagged: []int{3},
			catalog: report.Catalog{Name: "sha256:", Rules: 1, Active: 1, Files: []string{catalog}},
			version: true,
		},
		{
			name:    "extra rules add to the replacing catalog (an info rule runs with include-all)",
			opt:     scbcheck.Options{CatalogPaths: []string{catalog}, ExtraRuleFiles: []string{extra}, IncludeAll: true},
			flagged: []int{3, 4},
			catalog: report.Catalog{Name: "sha256:", Rules: 2, Active: 2, Files: []string{catalog}, ExtraFiles: []string{extra}},
			version: true,
		},
		{
			name: "an empty catalog flags nothing and starts no ast-grep",
			// A binary that does not exist: it is never looked for.
			opt:     scbcheck.Options{CatalogPaths: []string{empty}, AstGrep: filepath.Join(dir, "no-such-ast-grep")},
			catalog: report.Catalog{Name: "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
		},
		{
			name:    "only an info rule without include-all: none active, no ast-grep",
			opt:     scbcheck.Options{CatalogPaths: []string{extra}, AstGrep: filepath.Join(dir, "no-such-ast-grep")},
			catalog: report.Catalog{Name: "sha256:", Rules: 1, Files: []string{extra}},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			opt := tc.opt
			opt.Path = filepath.Dir(code)
			opt.Config = config.Default(opt.Path)
			opt.Workers = 1
			if opt.AstGrep == "" {
				opt.AstGrep = testkit.AstGrep(t)
			}
			r, err := scbcheck.Analyze(context.Background(), opt)
			require.NoError(t, err)
			var flagged []int
			for _, f := range r.Findings {
				if f.Kind == finding.AstGrep {
					flagged = append(flagged, f.Line)
				}
			}
			assert.Equal(t, tc.flagged, flagged)
			assert.Equal(t, len(tc.flagged), r.AstGrepFlaggedLOC)

			got := r.Catalog
			if tc.catalog.Name == "sha256:" {
				assert.Regexp(t, `^sha256:[0-9a-f]{64}$`, got.Name)
				got.Name = "sha256:"
			}
			assert.Equal(t, tc.catalog, got)
			if tc.version {
				assert.NotEmpty(t, r.AstGrep.Version)
			} else {
				assert.Empty(t, r.AstGrep.Version, "ast-grep did not run")
			}
		})
	}
}

func TestAnalyzeCatalogDirectives(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "code/sample.py", "def check(flag):\n    if flag == True:  # scbc ignore[bool-comparison]\n        pass\n")
	catalog := write(t, dir, "catalog.yml", passRule)
	opt := scbcheck.Options{Path: filepath.Join(dir, "code"), DisableSG: true}
	opt.Config = config.Default(opt.Path)

	_, err := scbcheck.Analyze(context.Background(), opt)
	require.NoError(t, err, "bool-comparison is a bundled id")

	opt.CatalogPaths = []string{catalog}
	_, err = scbcheck.Analyze(context.Background(), opt)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "sample.py:2: unknown rule id: bool-comparison", "not in the replacing catalog")
}
