package scbcheck_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/rules"
)

// versionText is what looks like a version after a context that names
// scbcheck's or ast-grep's: digits and dots, a "v" before them allowed,
// a pre-release suffix included, so that "v0.3.0-rc1" is not read as
// "0.3.0".
const versionText = `v?([0-9]+(?:\.[0-9]+)+(?:-[0-9A-Za-z.]*[0-9A-Za-z])?)`

// The version and the pinned ast-grep are written as text in the files
// users copy from (the docs' install lines, the workflow, the hook's
// description, the image's build file, the changelog): every mention in
// those contexts is the one the code holds, and each context has at
// least one, so that a rewording that drops them all is noticed too.
func TestVersionMentionsAgree(t *testing.T) {
	tests := []struct {
		file    string
		context string // a regular expression; versionText replaces its {v}
		want    string
	}{
		{docsText, `scbcheck/scbcheck(?:/cmd/scb-check)?@{v}`, scbcheck.Version}, // go install, uses:
		{docsText, `rev: {v}`, scbcheck.Version},
		{docsText, `scb-check_{v}`, scbcheck.Version},                      // archives, checksums, their directories
		{docsText, `/scb-check:{v}`, scbcheck.Version},                     // an image's tag
		{docsText, "`scb-check {v} \\(scbcheck, Go\\)`", scbcheck.Version}, // --version's line
		{docsText, `@ast-grep/cli@{v}`, rules.PinnedAstGrep},
		{docsText, `ast-grep-cli=={v}`, rules.PinnedAstGrep},
		{docsText, "`@ast-grep/cli` {v}", rules.PinnedAstGrep},
		{docsText, "`ast-grep` {v}", rules.PinnedAstGrep},
		{docsText, `ast-grep CLI {v}`, rules.PinnedAstGrep},
		{docsText, `pinned {v}`, rules.PinnedAstGrep},
		{filepath.Join("docs", "github", "scb-check.yml"), `scbcheck/scbcheck@{v}`, scbcheck.Version},
		{".pre-commit-hooks.yaml", `ast-grep CLI {v}`, rules.PinnedAstGrep},
		{"Containerfile.scratch", `scb-check_{v}`, scbcheck.Version},
	}
	for _, tt := range tests {
		t.Run(tt.file+" "+tt.context, func(t *testing.T) {
			data := readDocs(t, tt.file)
			re := regexp.MustCompile(strings.Replace(tt.context, "{v}", versionText, 1))
			found := re.FindAllStringSubmatch(string(data), -1)
			assert.NotEmpty(t, found, "no %q in %s", tt.context, tt.file)
			for _, m := range found {
				assert.Equalf(t, tt.want, m[1], "%s: %q", tt.file, m[0])
			}
		})
	}
}

// docsText stands for the README and the pages of docs/ read as one text.
const docsText = "README.md and docs/*.md"

// readDocs reads file, or the README and docs/*.md for docsText.
func readDocs(t *testing.T, file string) []byte {
	t.Helper()
	files := []string{file}
	if file == docsText {
		pages, err := filepath.Glob(filepath.Join("docs", "*.md"))
		require.NoError(t, err)
		files = append([]string{"README.md"}, pages...)
	}
	var all []byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		all = append(append(all, data...), '\n')
	}
	return all
}

// The changelog (Keep a Changelog) starts with an Unreleased section,
// and its first released entry is this version, each heading with its
// link: Unreleased compares this version's tag with HEAD.
func TestChangelogTopEntryIsTheVersion(t *testing.T) {
	data, err := os.ReadFile("CHANGELOG.md")
	require.NoError(t, err)
	text := string(data)
	headings := regexp.MustCompile(`(?m)^## \[([^\]]+)\](.*)$`).FindAllStringSubmatch(text, -1)
	require.GreaterOrEqual(t, len(headings), 2, "an Unreleased section and a released entry")
	assert.Equal(t, "Unreleased", headings[0][1], "the first section")
	assert.Empty(t, headings[0][2], "Unreleased has no date")
	released := regexp.MustCompile(`^` + versionText + `$`).FindStringSubmatch(headings[1][1])
	require.NotNil(t, released, "the first released entry %q is a version", headings[1][1])
	assert.Equal(t, scbcheck.Version, released[1])
	assert.Regexp(t, `^ - [0-9]{4}-[0-9]{2}-[0-9]{2}$`, headings[1][2], "a release has its date")

	const repo = "https://github.com/scbcheck/scbcheck"
	assert.Contains(t, text, "\n[Unreleased]: "+repo+"/compare/v"+scbcheck.Version+"...HEAD\n")
	assert.Contains(t, text, "\n["+scbcheck.Version+"]: "+repo+"/releases/tag/v"+scbcheck.Version+"\n")
}

// The scripts that build, install and test releases read the version and
// the pin from the Go source (go run ./internal/distinfo) and hold no
// copy of either. The Go tests of that tooling (scripts/releasetest)
// import them; a version they write is an example of one.
func TestScriptsHoldNoVersionLiterals(t *testing.T) {
	var scripts []string
	require.NoError(t, filepath.WalkDir("scripts", func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(path) != ".go" {
			scripts = append(scripts, path)
		}
		return err
	}))
	require.Contains(t, scripts, filepath.Join("scripts", "test-image"))
	literal := regexp.MustCompile(`(?:^|[^0-9.])(` + regexp.QuoteMeta(scbcheck.Version) + `|` +
		regexp.QuoteMeta(rules.PinnedAstGrep) + `)(?:$|[^0-9.])`)
	for _, path := range scripts {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		for i, line := range strings.Split(string(data), "\n") {
			if m := literal.FindStringSubmatch(line); m != nil {
				assert.Failf(t, "a version written as text", "%s:%d holds %s: %s", path, i+1, m[1], line)
			}
		}
	}
}
