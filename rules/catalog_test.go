package rules

import (
	"github.com/scbcheck/scbcheck/lang"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	yaml "go.yaml.in/yaml/v3"
)

// writeRuleFile writes text to a new file in dir and returns its path.
func writeRuleFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	return p
}

// builtinCount is the number of rules in the bundled catalog.
func builtinCount(t *testing.T) int {
	t.Helper()
	cat, err := LoadCatalog(nil)
	require.NoError(t, err)
	return len(cat.Rules)
}

const passRule = `id: env-threshold-pass
language: python
severity: warning
message: pass statement
metadata:
  min_file_count: 2
rule:
  pattern: pass
`

func TestLoadCatalogExtraRules(t *testing.T) {
	cases := []struct {
		name string
		text string
		want []Rule // Doc and Origin are checked separately
	}{
		{
			name: "a rule's min_file_count under metadata is its threshold",
			text: passRule,
			want: []Rule{{ID: "env-threshold-pass", Language: "python", Severity: "warning", MinFileCount: 2}},
		},
		{
			name: "documents split on --- keep file order, leading and trailing separators ignored",
			text: "---\nid: b-rule\nlanguage: python\nseverity: info\nrule: {pattern: pass}\n---\n" +
				"id: a-rule\nlanguage: python\nseverity: error\nrule: {pattern: pass}\n---\n",
			want: []Rule{
				{ID: "b-rule", Language: "python", Severity: "info"},
				{ID: "a-rule", Language: "python", Severity: "error"},
			},
		},
		{
			name: "quotes around the id are stripped",
			text: "id: \"quoted-rule\"\nlanguage: python\nrule: {pattern: pass}\n",
			want: []Rule{{ID: "quoted-rule", Language: "python", Severity: "hint"}},
		},
		{
			name: "a missing severity is hint, as in ast-grep",
			text: "id: no-severity\nlanguage: python\nrule: {pattern: pass}\n",
			want: []Rule{{ID: "no-severity", Language: "python", Severity: "hint"}},
		},
		{
			name: "min_file_count 1 is no threshold",
			text: "id: mfc-one\nlanguage: python\nseverity: info\nmetadata:\n  min_file_count: 1\nrule: {pattern: pass}\n",
			want: []Rule{{ID: "mfc-one", Language: "python", Severity: "info"}},
		},
		{
			name: "a min_file_count that is not an unsigned integer is no threshold",
			text: "id: mfc-bad\nlanguage: python\nseverity: info\nmetadata:\n  min_file_count: -3\nrule: {pattern: pass}\n",
			want: []Rule{{ID: "mfc-bad", Language: "python", Severity: "info"}},
		},
		{
			name: "min_file_count is found anywhere in the document",
			text: "id: mfc-top\nlanguage: python\nseverity: info\nmin_file_count: 10\nrule: {pattern: pass}\n",
			want: []Rule{{ID: "mfc-top", Language: "python", Severity: "info", MinFileCount: 10}},
		},
		{
			name: "a document of comments only is skipped",
			text: "id: only-rule\nlanguage: python\nrule: {pattern: pass}\n---\n# nothing here\n",
			want: []Rule{{ID: "only-rule", Language: "python", Severity: "hint"}},
		},
	}
	n := builtinCount(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			file := writeRuleFile(t, t.TempDir(), "extra.yml", tc.text)
			cat, err := LoadCatalog([]string{file})
			require.NoError(t, err)
			require.Len(t, cat.Rules, n+len(tc.want))
			extra := cat.Rules[n:]
			for i := range extra {
				assert.Equal(t, file, extra[i].Origin)
				assert.True(t, strings.HasPrefix(extra[i].Doc, "id: "), "doc %q", extra[i].Doc)
				assert.Equal(t, strings.TrimSpace(extra[i].Doc), extra[i].Doc)
				assert.Equal(t, "extra", extra[i].Category, "without metadata, the file's name")
				extra[i].Doc, extra[i].Origin, extra[i].Category = "", "", ""
			}
			assert.Equal(t, tc.want, extra)
		})
	}
}

func TestLoadCatalogErrors(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.yml")
	colon := writeRuleFile(t, dir, "colon.yml", ":\n")
	dupInFile := writeRuleFile(t, dir, "dup.yml",
		"id: env-duplicate-rule\nlanguage: python\nrule: {pattern: pass}\n---\nid: env-duplicate-rule\nlanguage: python\nrule: {pattern: pass}\n")
	structural := writeRuleFile(t, dir, "structural.yml", "id: trivial-wrapper\nlanguage: python\nrule: {pattern: pass}\n")
	builtin := writeRuleFile(t, dir, "builtin.yml", "id: for-range-len\nlanguage: python\nrule: {pattern: pass}\n")
	metric := writeRuleFile(t, dir, "metric.yml", "id: cognitive-complexity\nlanguage: python\nrule: {pattern: pass}\n")
	alias := writeRuleFile(t, dir, "alias.yml", "id: erosion\nlanguage: python\nrule: {pattern: pass}\n")
	otherFile := writeRuleFile(t, dir, "other.yml", "id: env-duplicate-rule\nlanguage: python\nrule: {pattern: pass}\n")
	otherFile2 := writeRuleFile(t, dir, "other2.yml", "id: env-duplicate-rule\nlanguage: python\nrule: {pattern: pass}\n")
	noRule := writeRuleFile(t, dir, "norule.yml", "id: no-rule\nlanguage: python\n")
	badSeverity := writeRuleFile(t, dir, "severity.yml", "id: bad-severity\nlanguage: python\nseverity: fatal\nrule: {pattern: pass}\n")
	noLanguage := writeRuleFile(t, dir, "nolang.yml", "id: no-language\nrule: {pattern: pass}\n")
	noID := writeRuleFile(t, dir, "noid.yml", "language: python\nrule: {pattern: pass}\n")
	list := writeRuleFile(t, dir, "list.yml", "[id, listed]\n")
	secondBad := writeRuleFile(t, dir, "second.yml", "id: fine-rule\nlanguage: python\nrule: {pattern: pass}\n---\nid: broken\nrule: [\n")
	idMismatch := writeRuleFile(t, dir, "mismatch.yml", "id: spaced # comment\nlanguage: python\nrule: {pattern: pass}\n")

	cases := []struct {
		name  string
		files []string
		want  []string // substrings of the error, in order
	}{
		{"a missing file cannot be read (reference item 13)", []string{missing},
			[]string{"failed to read ast-grep rule file " + missing + ": "}},
		{"a file holding only a colon cannot be parsed (reference item 13)", []string{colon},
			[]string{"failed to parse ast-grep rule file " + colon + ": "}},
		{"an id repeated in one extra file is a duplicate (reference item 12)", []string{dupInFile},
			[]string{"duplicate rule id: env-duplicate-rule"}},
		{"an id repeated across extra files is a duplicate", []string{otherFile, otherFile2},
			[]string{"duplicate rule id: env-duplicate-rule (in " + otherFile2 + ", already defined by " + otherFile + ")"}},
		{"an id equal to a structural rule is a duplicate (reference items 9, 12)", []string{structural},
			[]string{"duplicate rule id: trivial-wrapper"}},
		{"an id equal to a metric rule is a duplicate", []string{metric},
			[]string{"duplicate rule id: cognitive-complexity (in " + metric + ", already defined by metric rules)"}},
		{"an id equal to a metric rule's alias is a duplicate: directives name the metric rule with it", []string{alias},
			[]string{"duplicate rule id: erosion (in " + alias + ", already defined by metric rules)"}},
		{"an id equal to a bundled rule is a duplicate", []string{builtin},
			[]string{"duplicate rule id: for-range-len (in " + builtin + ", already defined by bundled)"}},
		{"a document without rule cannot be parsed", []string{noRule},
			[]string{"failed to parse ast-grep rule file " + noRule + ": document 1 (line 1): rule no-rule: missing `rule`"}},
		{"an unknown severity cannot be parsed", []string{badSeverity},
			[]string{"rule bad-severity: unknown severity \"fatal\""}},
		{"a document without language cannot be parsed", []string{noLanguage},
			[]string{"rule no-language: missing `language`"}},
		{"a document without id line cannot be parsed", []string{noID},
			[]string{"failed to parse ast-grep rule file " + noID + ": document 1 (line 1): no `id:` line"}},
		{"a document that is not a mapping cannot be parsed", []string{list},
			[]string{"failed to parse ast-grep rule file " + list + ": document 1 (line 1): a rule must be a YAML mapping"}},
		{"the bad document is named with its line", []string{secondBad},
			[]string{"failed to parse ast-grep rule file " + secondBad + ": document 2 (line 5): yaml: "}},
		{"an id line that differs from the YAML id cannot be parsed", []string{idMismatch},
			[]string{"the id line reads \"spaced # comment\" but the YAML id is \"spaced\""}},
		{"every problem is reported together", []string{missing, colon, structural},
			[]string{"failed to read ast-grep rule file " + missing, "failed to parse ast-grep rule file " + colon,
				"duplicate rule id: trivial-wrapper"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cat, err := LoadCatalog(tc.files)
			require.Error(t, err)
			assert.Nil(t, cat)
			msg := err.Error()
			for _, want := range tc.want {
				i := strings.Index(msg, want)
				if assert.GreaterOrEqual(t, i, 0, "error %q lacks %q", msg, want) {
					msg = msg[i+len(want):]
				}
			}
		})
	}
}

func TestCatalogLookup(t *testing.T) {
	extra := writeRuleFile(t, t.TempDir(), "extra.yml", "\n---\n"+passRule+"\n\n")
	cat, err := LoadCatalog([]string{extra})
	require.NoError(t, err)

	cases := []struct {
		name   string
		id     string
		want   string // exact text; empty: check wantIn instead
		wantIn []string
		ok     bool
	}{
		{name: "a bundled rule prints its YAML document", id: "for-range-len",
			wantIn: []string{"id: for-range-len\n", "language: python\n", "severity: warning\n"}, ok: true},
		{name: "an extra rule prints its document trimmed", id: "env-threshold-pass",
			want: strings.TrimSpace(passRule), ok: true},
		{name: "trivial-wrapper prints the 5-line metadata (reference item 6)", id: "trivial-wrapper",
			want: "id: trivial-wrapper\nseverity: warning\ntarget: symbol\nkind: structural\nmessage: Function adds no behavior.", ok: true},
		{name: "low-use-short-function prints the 5-line metadata (reference item 6)", id: "low-use-short-function",
			want: "id: low-use-short-function\nseverity: info\ntarget: symbol\nkind: structural\nmessage: Short low-use function can be inlined safely.", ok: true},
		{name: "an unknown id is not found", id: "does-not-exist", ok: false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			text, ok := cat.Lookup(tc.id)
			assert.Equal(t, tc.ok, ok)
			if tc.want != "" || !tc.ok {
				assert.Equal(t, tc.want, text)
			}
			for _, w := range tc.wantIn {
				assert.Contains(t, text, w)
			}
		})
	}
}

func TestCatalogIDs(t *testing.T) {
	extra := writeRuleFile(t, t.TempDir(), "extra.yml", passRule)
	cat, err := LoadCatalog([]string{extra})
	require.NoError(t, err)
	ids := cat.IDs()
	require.Len(t, ids, len(cat.Rules)+5)
	assert.Contains(t, ids, "for-range-len")
	assert.Equal(t, []string{"env-threshold-pass", "trivial-wrapper", "low-use-short-function",
		"cyclomatic-complexity", "cognitive-complexity", "duplicate-structure"}, ids[len(ids)-6:])
	builtin := ids[:len(ids)-6]
	assert.IsIncreasing(t, builtin, "bundled rules are sorted by id")
}

func TestSplitDocuments(t *testing.T) {
	cases := []struct {
		name string
		text string
		want []document
	}{
		{"one document", "id: a\n", []document{{"id: a", 1}}},
		{"separators with comments and blank documents", "--- # first\nid: a\n---\n\n---\n\nid: b\r\n",
			[]document{{"# first\nid: a", 1}, {"id: b", 7}}},
		{"leading dashes of a document are trimmed as in the reference", "- id: a\n", []document{{"id: a", 1}}},
		{"a dash line inside a block is no separator", "id: a\nx: |\n  ---\n",
			[]document{{"id: a\nx: |\n  ---", 1}}},
		{"nothing but separators", "---\n---\n", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, splitDocuments(tc.text))
		})
	}
}

// builtinDoc is what the bundled-rule check reads from a rule file.
type builtinDoc struct {
	ID       string `yaml:"id"`
	Language string `yaml:"language"`
	Severity string `yaml:"severity"`
	Message  string `yaml:"message"`
	Metadata struct {
		Weight       *int   `yaml:"weight"`
		MinFileCount *int   `yaml:"min_file_count"`
		Group        string `yaml:"group"`
		// MatchesNothing declares a rule that on purpose never matches
		// (where the reference's rule cannot match either).
		MatchesNothing bool `yaml:"matches_nothing"`
	} `yaml:"metadata"`
	Docs struct {
		Title   string `yaml:"title"`
		Why     string `yaml:"why"`
		Instead string `yaml:"instead"`
	} `yaml:"docs"`
	Examples examples `yaml:"examples"`
}

// weightBySeverity are the metadata.weights that go with each severity in
// the reference's rule files: info is weight 1 and warning weight 5, while
// error is declared on the weight-6 rules and also on weight-1 and weight-5
// rules (the rules rule-behaviour.md marks with a dagger), weight being
// unused in scoring.
var weightBySeverity = map[string][]int{"info": {1}, "warning": {5}, "error": {1, 5, 6}}

func TestBuiltinRuleFiles(t *testing.T) {
	cat, err := LoadCatalog(nil)
	require.NoError(t, err, "the bundled catalog loads")
	names, err := fs.Glob(builtinRules, builtinGlob)
	require.NoError(t, err)
	require.NotEmpty(t, names)
	perDir := map[string]int{}
	for _, name := range names {
		perDir[path.Base(path.Dir(name))]++
	}
	// A language runs its own files' rules and, through copies, those of
	// the language it shares rules with (and so on).
	var runs func(*lang.Spec) int
	runs = func(s *lang.Spec) int {
		n := perDir[s.Name]
		if s.SharesRulesOf != "" {
			n += runs(lang.ByName(s.SharesRulesOf))
		}
		return n
	}
	want := 0
	for _, s := range lang.All() {
		want += runs(s)
	}
	require.Len(t, cat.Rules, want, "one rule per bundled file, plus a copy per language sharing it")

	for _, name := range names {
		id := strings.TrimSuffix(path.Base(name), ".yml")
		t.Run(id, func(t *testing.T) {
			data, err := builtinRules.ReadFile(name)
			require.NoError(t, err)
			text := string(data)
			first, _, _ := strings.Cut(text, "\n")
			assert.Equal(t, "id: "+id, first, "the first line names the file's rule")
			assert.Len(t, splitDocuments(text), 1, "one rule per file")

			var doc builtinDoc
			require.NoError(t, yaml.Unmarshal(data, &doc))
			assert.Equal(t, id, doc.ID, "the file is named <id>.yml")
			// builtin/<language>/: the rule is written for that language.
			if spec := lang.ForAstGrep(doc.Language); assert.NotNil(t, spec, "language %q", doc.Language) {
				assert.Equal(t, path.Base(path.Dir(name)), spec.Name, "a rule lives in its language's directory")
				assert.True(t, strings.HasPrefix(id, spec.RuleIDPrefix), "the id starts with %q", spec.RuleIDPrefix)
			}
			assert.Contains(t, []string{"hint", "info", "warning", "error"}, doc.Severity)
			assert.NotEmpty(t, doc.Message, "message")
			if want, ok := weightBySeverity[doc.Severity]; ok && assert.NotNil(t, doc.Metadata.Weight, "metadata.weight") {
				assert.Contains(t, want, *doc.Metadata.Weight, "metadata.weight for severity %s", doc.Severity)
			}
			assert.NotEmpty(t, strings.TrimSpace(doc.Docs.Title), "docs.title")
			assert.NotEmpty(t, strings.TrimSpace(doc.Docs.Why), "docs.why")
			assert.NotEmpty(t, strings.TrimSpace(doc.Docs.Instead), "docs.instead")
			if doc.Metadata.MatchesNothing {
				// Nothing can be flagged, so the valid examples carry the
				// code the message describes, and the docs say why.
				assert.Empty(t, doc.Examples.Invalid, "examples.invalid of a rule that matches nothing")
				assert.Contains(t, doc.Docs.Why, "flags nothing", "docs.why of a rule that matches nothing says so")
			} else {
				assert.NotEmpty(t, doc.Examples.Invalid, "examples.invalid")
			}
			assert.NotEmpty(t, doc.Examples.Valid, "examples.valid")

			rule, ok := cat.byID()[id]
			require.True(t, ok)
			wantMFC := 0
			if doc.Metadata.MinFileCount != nil && *doc.Metadata.MinFileCount > 1 {
				wantMFC = *doc.Metadata.MinFileCount
			}
			assert.Equal(t, wantMFC, rule.MinFileCount, "the text scan finds metadata.min_file_count")
			assert.Equal(t, OriginBundled, rule.Origin)
			assert.NotEmpty(t, doc.Metadata.Group, "metadata.group")
			assert.Equal(t, doc.Metadata.Group, rule.Category, "metadata.group is the category")
		})
	}
}

// TestSharedRuleCopies checks the copies of bundled rules made for the
// languages that share another's rules: one per rule of the shared
// language (copies included), renamed and relabelled, the rest unchanged.
func TestSharedRuleCopies(t *testing.T) {
	cat, err := LoadCatalog(nil)
	require.NoError(t, err)
	byID := cat.byID()
	sharing := 0
	for _, dst := range lang.All() {
		if dst.SharesRulesOf == "" {
			continue
		}
		src := lang.ByName(dst.SharesRulesOf)
		require.NotNil(t, src, "%s shares the rules of an unknown language %q", dst.Name, dst.SharesRulesOf)
		require.NotEmpty(t, src.RuleIDPrefix, "%s's rules are shared, so their ids need a prefix", src.Name)
		require.NotEmpty(t, dst.RuleIDPrefix, "%s's copies need an id prefix", dst.Name)
		for _, r := range cat.Rules {
			if lang.ForAstGrep(r.Language) != src {
				continue
			}
			sharing++
			id := dst.RuleIDPrefix + strings.TrimPrefix(r.ID, src.RuleIDPrefix)
			c, ok := byID[id]
			if !assert.True(t, ok, "%s has no copy %s", r.ID, id) {
				continue
			}
			wantDoc := strings.Replace(strings.Replace(r.Doc, "id: "+r.ID+"\n", "id: "+id+"\n", 1),
				"\nlanguage: "+r.Language+"\n", "\nlanguage: "+dst.AstGrepLanguage+"\n", 1)
			assert.Equal(t, Rule{ID: id, Language: dst.AstGrepLanguage, Severity: r.Severity,
				MinFileCount: r.MinFileCount, Doc: wantDoc, Origin: OriginBundled, Category: r.Category,
				SharedFrom: r.ID}, c)
			parsed, err := parseRuleDocument(c.Doc, OriginBundled)
			if assert.NoError(t, err, "the copy %s parses", id) {
				assert.Equal(t, id, parsed.ID)
				assert.Equal(t, dst, lang.ForAstGrep(parsed.Language))
			}
		}
	}
	assert.Positive(t, sharing, "some language shares another's rules")
}

func TestShareRuleNeedsTheSourcePrefix(t *testing.T) {
	src := &lang.Spec{Name: "src", RuleIDPrefix: "s-"}
	dst := &lang.Spec{Name: "dst", RuleIDPrefix: "d-", AstGrepLanguage: "dst"}
	cases := []struct {
		name, id, doc, want string
	}{
		{"an id without the source prefix is an error", "x-rule", "id: x-rule\nlanguage: src\n",
			`bundled rule x-rule: dst shares the rules of src, whose ids must start with "s-"`},
		{"a document without a top-level language line is an error", "s-rule", "id: s-rule\n  language: src\n",
			"bundled rule s-rule: no top-level `id:` or `language:` line to rewrite for dst"},
		{"the id and language lines are rewritten", "s-rule", "id: s-rule\nlanguage: src\nmessage: language: src\n", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := shareRule(Rule{ID: tc.id, Language: "src", Doc: tc.doc}, src, dst)
			if tc.want != "" {
				assert.EqualError(t, err, tc.want)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, "d-rule", c.ID)
			assert.Equal(t, "s-rule", c.SharedFrom)
			assert.Equal(t, "dst", c.Language)
			assert.Equal(t, "id: d-rule\nlanguage: dst\nmessage: language: src\n", c.Doc)
		})
	}
}

func TestLanguageIDs(t *testing.T) {
	cat := &Catalog{Rules: []Rule{
		{ID: "py-a", Language: "python"}, {ID: "go-b", Language: "go"}, {ID: "py-c", Language: " Python "}, {ID: "x-d", Language: "cobol"},
	}}
	assert.Equal(t, []string{"py-a", "py-c"}, cat.LanguageIDs(lang.Python))
	assert.Equal(t, []string{"py-a", "go-b", "py-c"}, cat.LanguageIDs(lang.Python, lang.Golang))
	assert.Empty(t, cat.LanguageIDs())
	assert.Nil(t, (*Catalog)(nil).LanguageIDs(lang.Python))
}
