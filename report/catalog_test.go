package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/testkit"
)

const customName = "sha256:3f0c28bfc48af48de7d158668f65b6b7f1b73264bd37318ff65733168c2975d5"

func TestCatalogLine(t *testing.T) {
	cases := []struct {
		name    string
		catalog Catalog
		astGrep AstGrepRun
		want    string
	}{
		{"a report naming no catalog has no line", Catalog{Rules: 3, Active: 3}, AstGrepRun{Version: "0.44.0"}, ""},
		{"the rules that ran and the engine that ran them",
			Catalog{Name: "bundled:0.1.0", Bundled: true, Rules: 197, Active: 86}, AstGrepRun{Version: "0.44.0"},
			"catalog: bundled:0.1.0 (197 ast-grep rules, 86 run by ast-grep 0.44.0)"},
		{"one rule is singular", Catalog{Name: customName, Rules: 1, Active: 1}, AstGrepRun{Version: "0.44.0"},
			"catalog: " + customName + " (1 ast-grep rule, 1 run by ast-grep 0.44.0)"},
		{"--disable-sg runs none", Catalog{Name: customName, Rules: 2}, AstGrepRun{Disabled: true},
			"catalog: " + customName + " (2 ast-grep rules, none run: ast-grep disabled)"},
		{"no active rule runs none", Catalog{Name: customName, Rules: 2}, AstGrepRun{},
			"catalog: " + customName + " (2 ast-grep rules, none run)"},
		{"an empty catalog says where verbosity comes from", Catalog{Name: customName}, AstGrepRun{},
			"catalog: " + customName + " (no ast-grep rules, so verbosity counts clones and structural rules only)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, CatalogLine(&Report{Catalog: tc.catalog, AstGrep: tc.astGrep}))
		})
	}
}

func TestCatalogCustom(t *testing.T) {
	assert.False(t, Catalog{}.Custom(), "no name")
	assert.False(t, Catalog{Name: "bundled:0.1.0", Bundled: true}.Custom(), "the bundled rules alone")
	assert.True(t, Catalog{Name: "bundled:0.1.0+sha256:ab", Bundled: true, ExtraFiles: []string{"x.yml"}}.Custom(), "extra rules")
	assert.True(t, Catalog{Name: "sha256:ab"}.Custom(), "a replaced catalog, even an empty one")
}

func TestWriteJSONNamesTheCatalog(t *testing.T) {
	cases := []struct {
		name    string
		catalog Catalog
		astGrep AstGrepRun
		tail    string
	}{
		{"the bundled catalog and the ast-grep that ran",
			Catalog{Name: "bundled:0.1.0", Bundled: true, Rules: 197, Active: 86}, AstGrepRun{Version: "0.44.0"},
			`"if50":null,"catalog":"bundled:0.1.0","catalog_rules":197,"ast_grep_version":"0.44.0"}`},
		{"no ast-grep run is null", Catalog{Name: customName}, AstGrepRun{Disabled: true},
			`"if50":null,"catalog":"` + customName + `","catalog_rules":0,"ast_grep_version":null}`},
		{"strings are JSON strings", Catalog{Name: "a\"b<c>"}, AstGrepRun{Version: "1\x00"},
			`"catalog":"a\"b<c>","catalog_rules":0,"ast_grep_version":"1\u0000"}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, WriteJSON(&b, &Report{Catalog: tc.catalog, AstGrep: tc.astGrep}))
			assert.True(t, strings.HasSuffix(b.String(), tc.tail+"\n"), "%s ends with %s", b.String(), tc.tail)
			var decoded map[string]any
			require.NoError(t, json.Unmarshal(b.Bytes(), &decoded))
			assert.Len(t, decoded, 31, "the reference's 20 keys, our 8, then the 3 catalog keys")
		})
	}
}

func TestWriteHumanNamesACustomCatalog(t *testing.T) {
	files := map[string]string{"/w/a.py": "def big(a):\n    pass\n"}
	read := func(p string) ([]byte, error) { return []byte(files[p]), nil }
	big := []File{{Path: "/w/a.py", Callables: []Callable{{Name: "big", StartLine: 1, CC: 11, Cog: 0, SLOC: 2}}}}
	finding := "warning[cyclomatic-complexity]: function `big` exceeds complexity threshold\n  --> a.py:1:1\n1 | def big(a):\n" +
		"  = complexity: 11, sloc: 2 (threshold: complexity > 10)\n"
	cases := []struct {
		name    string
		files   []File
		catalog Catalog
		want    string // the findings
		row     string // the summary's catalog row, "" for none
	}{
		{"the bundled catalog alone is not named", big,
			Catalog{Name: "bundled:0.1.0", Bundled: true, Rules: 197}, finding, ""},
		{"a replaced catalog is named after the findings", big,
			Catalog{Name: customName, Rules: 2},
			finding, customName + " (2 ast-grep rules, none run)"},
		{"a clean run with an empty catalog says so", nil,
			Catalog{Name: customName},
			"", customName + " (no ast-grep rules, so verbosity counts clones and structural rules only)"},
		{"extra rules are named too", nil,
			Catalog{Name: "bundled:0.1.0+sha256:ab", Bundled: true, Rules: 198, ExtraFiles: []string{"x.yml"}},
			"", "bundled:0.1.0+sha256:ab (198 ast-grep rules, none run)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			r := &Report{Files: tc.files, Catalog: tc.catalog}
			require.NoError(t, WriteHuman(&b, r, HumanOptions{CWD: "/w", ReadFile: read}))
			assert.Equal(t, tc.want, findingsOf(t, b.String()))
			if tc.row == "" {
				assert.NotContains(t, b.String(), "catalog")
			} else {
				assert.Contains(t, b.String(), "\n  catalog       "+tc.row+"\n")
			}
		})
	}
}

func TestWriteSARIFNamesTheCatalog(t *testing.T) {
	r := sarifReport()
	r.Catalog = Catalog{Name: "bundled:0.1.0", Bundled: true, Rules: 197, Active: 86}
	r.AstGrep = AstGrepRun{Version: "0.44.0"}
	data, _, log := writeSARIF(t, r, SARIFOptions{Root: "/repo"})
	testkit.ValidateSARIF(t, data)
	props := log.Runs[0].Properties
	assert.Equal(t, "bundled:0.1.0", props.Catalog)
	require.NotNil(t, props.CatalogRules)
	assert.Equal(t, 197, *props.CatalogRules)
	assert.Equal(t, "0.44.0", props.AstGrepVersion)
	assert.Empty(t, log.Runs[0].Invocations[0].ToolExecutionNotifications)

	empty := &Report{Catalog: Catalog{Name: customName}}
	data, _, log = writeSARIF(t, empty, SARIFOptions{})
	testkit.ValidateSARIF(t, data)
	props = log.Runs[0].Properties
	require.NotNil(t, props.CatalogRules)
	assert.Equal(t, 0, *props.CatalogRules, "an empty catalog counts 0 rules")
	assert.Empty(t, props.AstGrepVersion)
	assert.Equal(t, []sarifNotification{{Level: "note", Message: sarifText{
		Text: "the rule catalog " + customName + " holds no ast-grep rules, so verbosity counts clones and structural rules only"}}},
		log.Runs[0].Invocations[0].ToolExecutionNotifications)

	_, _, log = writeSARIF(t, &Report{}, SARIFOptions{})
	assert.Nil(t, log.Runs[0].Properties.CatalogRules, "a report naming no catalog has no catalog properties")
	assert.NotContains(t, string(mustJSON(t, log.Runs[0].Properties)), "catalog")
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

func listing() RuleListing {
	return RuleListing{Catalog: customName, Rules: []ListedRule{
		{ID: "no-pass", Kind: KindAstGrep, Language: "python", Severity: "warning", Category: "style", Source: "rules/a.yml"},
		{ID: "a-much-longer-rule-id", Kind: KindAstGrep, Language: "python", Severity: "info", Category: "b", Source: "rules/b.yml"},
		{ID: "trivial-wrapper", Kind: KindStructural, Language: "any", Severity: "warning", Category: "structural", Source: "built-in"},
	}}
}

func TestWriteRulesText(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteRulesText(&b, listing()))
	assert.Equal(t, ""+
		"ID                     LANGUAGE  SEVERITY  CATEGORY    SOURCE\n"+
		"no-pass                python    warning   style       rules/a.yml\n"+
		"a-much-longer-rule-id  python    info      b           rules/b.yml\n"+
		"trivial-wrapper        any       warning   structural  built-in\n"+
		"\n"+
		"catalog: "+customName+" (2 ast-grep rules and 1 structural rule)\n", b.String())

	b.Reset()
	require.NoError(t, WriteRulesText(&b, RuleListing{Catalog: customName, Rules: listing().Rules[2:]}))
	assert.True(t, strings.HasSuffix(b.String(),
		"catalog: "+customName+" (0 ast-grep rules and 1 structural rule: verbosity counts clones and structural rules only)\n"),
		b.String())
}

func TestWriteRulesJSON(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteRulesJSON(&b, listing()))
	var doc struct {
		SchemaVersion int          `json:"schema_version"`
		Catalog       string       `json:"catalog"`
		Rules         []ListedRule `json:"rules"`
	}
	require.NoError(t, json.Unmarshal(b.Bytes(), &doc))
	assert.Equal(t, SchemaVersion, doc.SchemaVersion)
	assert.Equal(t, customName, doc.Catalog)
	assert.Equal(t, listing().Rules, doc.Rules)
	assert.True(t, strings.HasPrefix(b.String(), "{\n  \"schema_version\": 1,\n  \"catalog\": "), "schema_version first")
	assert.Contains(t, b.String(), `{
      "id": "no-pass",
      "kind": "ast-grep",
      "language": "python",
      "severity": "warning",
      "category": "style",
      "source": "rules/a.yml"
    }`)

	b.Reset()
	require.NoError(t, WriteRulesJSON(&b, RuleListing{Catalog: customName}))
	assert.Contains(t, b.String(), `"rules": []`, "no rules is an empty list, not null")
}
