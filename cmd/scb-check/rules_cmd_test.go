package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/rules"
)

// runIn runs the command in process with the rule environment variables
// cleared.
func runIn(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	t.Setenv(envCatalog, "")
	t.Setenv(envExtraRules, "")
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestRulesListsTheBundledCatalog(t *testing.T) {
	code, out, errOut := runIn(t, "rules")
	require.Equal(t, exitClean, code, errOut)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	assert.Equal(t, []string{"ID", "LANGUAGE", "SEVERITY", "CATEGORY", "SOURCE"}, strings.Fields(lines[0]))
	rows := map[string][]string{}
	for _, l := range lines[1 : len(lines)-2] {
		f := strings.Fields(l)
		require.Len(t, f, 5, l)
		rows[f[0]] = f[1:]
	}
	bundled, err := rules.LoadCatalog(nil)
	require.NoError(t, err)
	assert.Len(t, rows, len(bundled.Rules)+5, "every bundled rule, the structural rules and the metric rules")
	assert.Equal(t, []string{"python", "warning", "loops_and_comprehensions", "bundled"}, rows["for-range-len"])
	assert.Equal(t, []string{"python", "info", "conditionals", "bundled"}, rows["manual-min-max"])
	assert.Equal(t, []string{"any", "warning", "structural", "built-in"}, rows["trivial-wrapper"])
	assert.Equal(t, []string{"any", "info", "structural", "built-in"}, rows["low-use-short-function"])
	for _, id := range []string{"cyclomatic-complexity", "cognitive-complexity", "duplicate-structure"} {
		assert.Equal(t, []string{"any", "warning", "metric", "built-in"}, rows[id], id)
	}
	assert.Equal(t, "", lines[len(lines)-2])
	assert.Equal(t, fmt.Sprintf("catalog: bundled:%s (%d ast-grep rules, 2 structural rules and 3 metric rules)", scbcheck.Version, len(bundled.Rules)),
		lines[len(lines)-1])
}

func TestRulesJSONFollowsTheEnvironment(t *testing.T) {
	dir := t.TempDir()
	catalog := filepath.Join(dir, "catalog.yml")
	require.NoError(t, os.WriteFile(catalog, []byte("id: env-rule\nlanguage: python\nseverity: error\nrule: {pattern: pass}\n"), 0o644))
	t.Setenv(envCatalog, catalog)
	var out, errOut bytes.Buffer
	require.Equal(t, exitClean, run([]string{"rules", "--output-format=json"}, &out, &errOut), errOut.String())
	var doc struct {
		Catalog string `json:"catalog"`
		Rules   []struct {
			ID, Kind, Language, Severity, Category, Source string
		} `json:"rules"`
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &doc))
	assert.Regexp(t, `^sha256:[0-9a-f]{64}$`, doc.Catalog)
	require.Len(t, doc.Rules, 6, "the catalog's rule, the structural rules and the metric rules")
	assert.Equal(t, "env-rule", doc.Rules[0].ID)
	assert.Equal(t, "error", doc.Rules[0].Severity, "the severity as written")
	assert.Equal(t, "catalog", doc.Rules[0].Category)
	assert.Equal(t, catalog, doc.Rules[0].Source)
}

func TestCatalogArguments(t *testing.T) {
	dir := t.TempDir()
	catalog := filepath.Join(dir, "c.yml")
	require.NoError(t, os.WriteFile(catalog, []byte("id: only-rule\nlanguage: python\nrule: {pattern: pass}\n"), 0o644))
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout string // prefix
		stderr string // prefix
	}{
		{"rule takes --catalog=PATH", []string{"rule", "--catalog=" + catalog, "only-rule"}, exitClean, "id: only-rule\n", ""},
		{"rule finds the structural rules whatever the catalog", []string{"rule", "trivial-wrapper", "--catalog", catalog},
			exitClean, "id: trivial-wrapper\n", ""},
		{"rule without a value for --catalog", []string{"rule", "x", "--catalog"}, exitError, "",
			"error: a value is required for '--catalog <PATH>' but none was supplied"},
		{"rule has no --output-format", []string{"rule", "x", "--output-format", "json"}, exitError, "",
			"error: unexpected argument '--output-format' found"},
		{"rule takes one id", []string{"rule", "a", "b"}, exitError, "", "error: unexpected argument 'b' found"},
		{"rules takes no path", []string{"rules", "."}, exitError, "", "error: unexpected argument '.' found"},
		{"rules --help", []string{"rules", "--help"}, exitClean, "List the rules of the catalog", ""},
		{"rules with an unknown option", []string{"rules", "--disable-sg"}, exitError, "",
			"error: unexpected argument '--disable-sg' found"},
		{"rules with a missing catalog", []string{"rules", "--catalog", filepath.Join(dir, "none")}, exitError, "",
			"failed to read ast-grep rule catalog " + filepath.Join(dir, "none") + ": "},
		{"rules accepts human as text", []string{"rules", "--output-format", "human", "--catalog", catalog}, exitClean, "ID ", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runIn(t, tc.args...)
			assert.Equal(t, tc.code, code, errOut)
			assert.True(t, strings.HasPrefix(out, tc.stdout), "stdout %q", out)
			assert.True(t, strings.HasPrefix(errOut, tc.stderr), "stderr %q", errOut)
			if tc.stdout == "" {
				assert.Empty(t, out)
			}
			if tc.stderr == "" {
				assert.Empty(t, errOut)
			}
		})
	}
}
