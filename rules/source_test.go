package rules

import (
	"github.com/scbcheck/scbcheck/lang"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/vfs"
)

// Two small rule files whose hashes were worked out with sha256sum:
//
//	55a0cd1e98ccd21071ffc265d19986cb03dc2061a7f837dc1af363a888c4c7f1  a.yml
//	b1ed4b7d1cb5b89b084d6a6b82e93076e1f13d74d5158722f85dfa67eca5ae57  b.yml
//
// and `sha256sum a.yml b.yml | cut -c1-64 | sort | sha256sum` prints
// hashAB; the same for b.yml alone prints hashB.
const (
	ruleA  = "id: no-pass\nlanguage: python\nseverity: warning\nmessage: no pass\nrule:\n  pattern: pass\n"
	ruleB  = "id: no-ellipsis\nlanguage: python\nrule:\n  kind: ellipsis\n"
	hashAB = "3f0c28bfc48af48de7d158668f65b6b7f1b73264bd37318ff65733168c2975d5"
	hashB  = "44c99386d3d99690a4d64f2f5644b2af510e754ef88f379c64040f692da3404c"
	// hashNone is the SHA-256 of nothing: no file loaded.
	hashNone = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
	// hashEmptyFile is the hash of one empty file: the SHA-256 of
	// hashNone and a newline.
	hashEmptyFile = "38acb15d02d5ac0f2a2789602e9df950c380d2799b4bdb59394e4eeabdd3a662"
)

// writeTree writes files (slash-separated paths relative to dir).
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
}

func ids(cat *Catalog) []string {
	var out []string
	for _, r := range cat.Rules {
		out = append(out, r.ID)
	}
	return out
}

func TestLoadCatalogDirectoryReplacesBundled(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"no-pass.yml": ruleA,
		"nested/more.yaml": "id: tagged\nlanguage: python\nmetadata:\n  category: style\n  group: ignored\nrule: {pattern: x}\n" +
			"---\nid: grouped\nlanguage: python\nmetadata: {group: loops}\nrule: {pattern: y}\n" +
			"---\nid: plain\nlanguage: python\nrule: {pattern: z}\n",
		"README.md":       "not a rule",
		"notes.txt":       "id: not-loaded\n",
		".hidden/h.yml":   "id: hidden-rule\nlanguage: python\nrule: {pattern: pass}\n",
		".dotted.yml":     "id: dotted-rule\nlanguage: python\nrule: {pattern: pass}\n",
		"upper/LOUD.YML":  "id: loud\nlanguage: python\nrule: {pattern: pass}\n",
		"empty-dir/.keep": "",
	})
	cat, err := Load(CatalogOptions{Replace: []string{dir}})
	require.NoError(t, err)

	assert.Equal(t, []string{"tagged", "grouped", "plain", "no-pass", "loud"}, ids(cat),
		"files in path order (nested/ < no-pass.yml < upper/), documents in file order; hidden and non-YAML files left out")
	assert.False(t, cat.Bundled)
	nested := filepath.Join(dir, "nested", "more.yaml")
	assert.Equal(t, []string{nested, filepath.Join(dir, "no-pass.yml"), filepath.Join(dir, "upper", "LOUD.YML")}, cat.CatalogFiles)
	assert.Empty(t, cat.ExtraFiles)

	_, found := cat.Lookup("for-range-len")
	assert.False(t, found, "a bundled id absent from the catalog is no longer found")
	assert.NotContains(t, cat.IDs(), "for-range-len", "so directives naming it are unknown ids")
	text, found := cat.Lookup("no-pass")
	assert.True(t, found)
	assert.Equal(t, strings.TrimSpace(ruleA), text)
	_, found = cat.Lookup(TrivialWrapperID)
	assert.True(t, found, "structural rules stay")
	assert.Equal(t, []string{TrivialWrapperID, LowUseShortFunctionID, CyclomaticComplexityID, CognitiveComplexityID, DuplicateStructureID},
		cat.IDs()[len(cat.IDs())-5:], "the structural and metric rules stay")

	byID := cat.byID()
	assert.Equal(t, "no-pass", byID["no-pass"].Category, "no metadata: the file's name")
	assert.Equal(t, "style", byID["tagged"].Category, "metadata.category first")
	assert.Equal(t, "loops", byID["grouped"].Category, "then metadata.group")
	assert.Equal(t, "more", byID["plain"].Category)
	assert.Equal(t, nested, byID["grouped"].Origin, "the origin is the file's path under the directory given")
	assert.Equal(t, "warning", byID["no-pass"].Severity)
	assert.Equal(t, "hint", byID["plain"].Severity)
}

func TestLoadCatalogBundledFilesAsCatalog(t *testing.T) {
	bundled, err := LoadCatalog(nil)
	require.NoError(t, err)
	dir := "builtin"
	cat, err := Load(CatalogOptions{Replace: []string{dir}})
	require.NoError(t, err, "the bundled ids loaded as a catalog are no duplicates")

	// The copies derived for languages sharing another's rules are no
	// files: a replacing catalog runs its files' rules only.
	want := map[string]Rule{}
	for _, r := range bundled.Rules {
		if r.SharedFrom == "" {
			want[r.ID] = r
		}
	}
	require.Len(t, cat.Rules, len(want))
	for _, r := range cat.Rules {
		want, ok := want[r.ID]
		require.True(t, ok, "%s is a bundled rule", r.ID)
		spec := lang.ForAstGrep(r.Language)
		require.NotNil(t, spec, r.ID)
		assert.Equal(t, filepath.Join(dir, spec.Name, r.ID+".yml"), r.Origin)
		want.Origin = r.Origin
		assert.Equal(t, want, r, "rule %s reads the same from its file", r.ID)
	}
	assert.False(t, cat.Bundled)
	assert.Len(t, cat.CatalogFiles, len(want))
	assert.Equal(t, "sha256:"+cat.FilesHash, cat.Name("0.1.0"))
}

func TestLoadCatalogExtraRulesOnReplaced(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"catalog/a.yml":  ruleA,
		"b.yml":          ruleB,
		"bundled-id.yml": "id: for-range-len\nlanguage: python\nseverity: warning\nrule: {pattern: pass}\n",
		"clash.yml":      "id: no-pass\nlanguage: python\nrule: {pattern: pass}\n",
	})
	catalog := filepath.Join(dir, "catalog")
	b := filepath.Join(dir, "b.yml")
	cat, err := Load(CatalogOptions{Replace: []string{catalog}, Extra: []string{b, filepath.Join(dir, "bundled-id.yml")}})
	require.NoError(t, err, "a bundled id is free once the bundled catalog is replaced")
	assert.Equal(t, []string{"no-pass", "no-ellipsis", "for-range-len"}, ids(cat), "the catalog's rules, then the extra ones")
	assert.Equal(t, []string{filepath.Join(catalog, "a.yml")}, cat.CatalogFiles)
	assert.Equal(t, []string{b, filepath.Join(dir, "bundled-id.yml")}, cat.ExtraFiles)
	assert.Equal(t, b, cat.byID()["no-ellipsis"].Origin)

	clash := filepath.Join(dir, "clash.yml")
	_, err = Load(CatalogOptions{Replace: []string{catalog}, Extra: []string{clash}})
	require.Error(t, err)
	assert.Equal(t, "duplicate rule id: no-pass (in "+clash+", already defined by "+filepath.Join(catalog, "a.yml")+")", err.Error())
}

func TestLoadCatalogReplaceErrors(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"bad/good.yml": ruleA,
		// Document 2 starts on line 6 (after four lines and a separator) and
		// its rule is not closed.
		"bad/broken.yml": ruleB + "---\nid: broken\nlanguage: python\nrule: [\n",
		"dup/one.yml":    ruleA,
		"dup/two.yml":    ruleA,
		"struct/s.yml":   "id: low-use-short-function\nlanguage: python\nrule: {pattern: pass}\n",
	})
	missing := filepath.Join(dir, "missing")
	broken := filepath.Join(dir, "bad", "broken.yml")
	cases := []struct {
		name  string
		paths []string
		want  []string // substrings of the error, in order
	}{
		{"a malformed file names the file and the document", []string{filepath.Join(dir, "bad")},
			[]string{"failed to parse ast-grep rule file " + broken + ": document 2 (line 6): yaml: "}},
		{"a missing path is named", []string{missing},
			[]string{"failed to read ast-grep rule catalog " + missing + ": "}},
		{"an id repeated inside the catalog is a duplicate", []string{filepath.Join(dir, "dup")},
			[]string{"duplicate rule id: no-pass (in " + filepath.Join(dir, "dup", "two.yml") + ", already defined by " + filepath.Join(dir, "dup", "one.yml") + ")"}},
		{"the same file given twice is a duplicate", []string{filepath.Join(dir, "dup", "one.yml"), filepath.Join(dir, "dup", "one.yml")},
			[]string{"duplicate rule id: no-pass"}},
		{"a structural id in the catalog is a duplicate", []string{filepath.Join(dir, "struct")},
			[]string{"duplicate rule id: low-use-short-function (in " + filepath.Join(dir, "struct", "s.yml") + ", already defined by structural rules)"}},
		{"every problem is reported together", []string{missing, filepath.Join(dir, "bad"), filepath.Join(dir, "dup")},
			[]string{"failed to read ast-grep rule catalog " + missing, "document 2 (line 6)", "duplicate rule id: no-pass"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cat, err := Load(CatalogOptions{Replace: tc.paths})
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

func TestLoadCatalogEmpty(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"empty.yml": "", "only-comments/c.yml": "# nothing yet\n---\n"})
	cases := []struct {
		name     string
		path     string
		wantName string
		files    int
	}{
		{"an empty directory", t.TempDir(), "sha256:" + hashNone, 0},
		{"an empty file", filepath.Join(dir, "empty.yml"), "sha256:" + hashEmptyFile, 1},
		{"a file of comments", filepath.Join(dir, "only-comments"), "", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cat, err := Load(CatalogOptions{Replace: []string{tc.path}})
			require.NoError(t, err, "an empty catalog is no error")
			assert.Empty(t, cat.Rules)
			assert.Len(t, cat.CatalogFiles, tc.files)
			assert.Equal(t, 0, cat.Active(SeverityHint).Len())
			assert.Equal(t, []string{TrivialWrapperID, LowUseShortFunctionID, CyclomaticComplexityID, CognitiveComplexityID, DuplicateStructureID},
				cat.IDs(), "only the structural and metric rules")
			if tc.wantName != "" {
				assert.Equal(t, tc.wantName, cat.Name("0.1.0"))
			}
		})
	}
}

func TestCatalogNameAndHash(t *testing.T) {
	one, two := t.TempDir(), t.TempDir()
	writeTree(t, one, map[string]string{"a.yml": ruleA, "b.yml": ruleB})
	// The same contents under other names, given in the other order.
	writeTree(t, two, map[string]string{"second.yaml": ruleB, "first.yaml": ruleA, "changed.yml": ruleA + "# a comment\n"})
	a, b := filepath.Join(one, "a.yml"), filepath.Join(one, "b.yml")

	cases := []struct {
		name string
		opt  CatalogOptions
		want string
	}{
		{"the bundled rules are named by version", CatalogOptions{}, "bundled:1.2.3"},
		{"extra files add their hash to the bundled version", CatalogOptions{Extra: []string{b}}, "bundled:1.2.3+sha256:" + hashB},
		{"a catalog of files is named by their hash", CatalogOptions{Replace: []string{one}}, "sha256:" + hashAB},
		{"catalog and extra files are hashed together", CatalogOptions{Replace: []string{a}, Extra: []string{b}}, "sha256:" + hashAB},
		{"the hash depends on neither names nor order",
			CatalogOptions{Replace: []string{filepath.Join(two, "second.yaml"), filepath.Join(two, "first.yaml")}}, "sha256:" + hashAB},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cat, err := Load(tc.opt)
			require.NoError(t, err)
			assert.Equal(t, tc.want, cat.Name("1.2.3"))
		})
	}

	changed, err := Load(CatalogOptions{Replace: []string{filepath.Join(two, "changed.yml"), b}})
	require.NoError(t, err)
	assert.NotEqual(t, "sha256:"+hashAB, changed.Name("1.2.3"), "a changed byte changes the hash")
}

func TestLoadCatalogThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"real/a.yml": ruleA, "other/b.yml": ruleB})
	link := filepath.Join(dir, "link")
	require.NoError(t, os.Symlink(filepath.Join(dir, "real"), link))
	require.NoError(t, os.Symlink(filepath.Join(dir, "other", "b.yml"), filepath.Join(dir, "real", "b-link.yml")))
	require.NoError(t, os.Symlink(filepath.Join(dir, "other"), filepath.Join(dir, "real", "dir-link.yml")))

	cat, err := Load(CatalogOptions{Replace: []string{link}})
	require.NoError(t, err)
	assert.Equal(t, []string{"no-pass", "no-ellipsis"}, ids(cat),
		"a linked catalog directory is read, a linked file too; a link to a directory inside is not followed")
	assert.Equal(t, []string{filepath.Join(link, "a.yml"), filepath.Join(link, "b-link.yml")}, cat.CatalogFiles)
}

func TestCatalogEntries(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.yml": ruleA, "more.yml": "id: info-rule\nlanguage: Python\nseverity: info\nmetadata: {category: style}\nrule: {pattern: x}\n"})
	cat, err := Load(CatalogOptions{Replace: []string{filepath.Join(dir, "a.yml")}, Extra: []string{filepath.Join(dir, "more.yml")}})
	require.NoError(t, err)
	assert.Equal(t, []Entry{
		{ID: "no-pass", Kind: KindAstGrep, Language: "python", Severity: "warning", Category: "a", Source: filepath.Join(dir, "a.yml")},
		{ID: "info-rule", Kind: KindAstGrep, Language: "Python", Severity: "info", Category: "style", Source: filepath.Join(dir, "more.yml")},
		{ID: TrivialWrapperID, Kind: KindStructural, Language: "any", Severity: "warning", Category: "structural", Source: SourceBuiltIn},
		{ID: LowUseShortFunctionID, Kind: KindStructural, Language: "any", Severity: "info", Category: "structural", Source: SourceBuiltIn},
		{ID: CyclomaticComplexityID, Kind: KindMetric, Language: "any", Severity: "warning", Category: "metric", Source: SourceBuiltIn},
		{ID: CognitiveComplexityID, Kind: KindMetric, Language: "any", Severity: "warning", Category: "metric", Source: SourceBuiltIn},
		{ID: DuplicateStructureID, Kind: KindMetric, Language: "any", Severity: "warning", Category: "metric", Source: SourceBuiltIn},
	}, cat.Entries())

	bundled, err := LoadCatalog(nil)
	require.NoError(t, err)
	entries := bundled.Entries()
	require.Len(t, entries, len(bundled.Rules)+5)
	for _, e := range entries[:len(bundled.Rules)] {
		assert.Equal(t, OriginBundled, e.Source, e.ID)
		assert.NotNil(t, lang.ForAstGrep(e.Language), e.ID)
	}
	frl := entries[indexOf(ids(bundled), "for-range-len")]
	assert.Equal(t, Entry{ID: "for-range-len", Kind: KindAstGrep, Language: "python", Severity: "warning",
		Category: "loops_and_comprehensions", Source: "bundled"}, frl)
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// A rule file's cap is a resolved limit, as every reader below the facade
// takes one (vfs.MaxRead): a number of bytes, none when not positive, so
// that a file larger than vfs.DefaultMaxRead loads without a cap.
func TestCatalogFileCap(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yml")
	writeTree(t, dir, map[string]string{"big.yml": ruleA + strings.Repeat("# padding\n", vfs.DefaultMaxRead/10+1)})
	tests := []struct {
		name   string
		cap    int64
		loaded bool
	}{
		{"a file over the cap is refused", vfs.DefaultMaxRead, false},
		{"a cap of 0 is none", 0, true},
		{"a negative cap is none", -1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cat, err := Load(CatalogOptions{Replace: []string{big}, MaxFileSize: tt.cap})
			if !tt.loaded {
				var tooLarge *vfs.TooLargeError
				assert.ErrorAs(t, err, &tooLarge)
				assert.ErrorContains(t, err, big)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, []string{"no-pass"}, ids(cat))
		})
	}
}
