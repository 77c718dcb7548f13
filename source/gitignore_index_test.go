package source

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bigIgnoreFile is a .gitignore of n literal names (name0.py, name1.py,
// ...) followed by a few patterns of each other shape, as a large
// generated .gitignore has them.
func bigIgnoreFile(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "name%d.py\n", i)
	}
	b.WriteString("*.log\nbuild/\n/top/*.py\ntest_*\n!name7.py\n")
	return b.String()
}

// TestIgnoreIndexTriesFewRules: with 100,000 literal names in one
// .gitignore, a path is tested against a handful of rules (those whose
// literal it holds), not against every rule.
func TestIgnoreIndexTriesFewRules(t *testing.T) {
	f := parseIgnoreFile("/r", bigIgnoreFile(100_000))
	require.Len(t, f.rules, 100_005)
	cases := []struct {
		name  string
		path  string
		isDir bool
		want  ignoreMatch
		// maxTries is the number of rules that can match the path: each
		// one the path holds the literal of.
		maxTries int
	}{
		{"a listed name is found at any depth", "a/b/name99999.py", false, matchIgnore, 1},
		{"a name re-included by a later negation", "name7.py", false, matchWhitelist, 1},
		{"a name matching nothing tries nothing", "src/main.py", false, noMatch, 0},
		{"an extension rule", "logs/x.log", false, matchIgnore, 1},
		{"a directory rule", "a/build", true, matchIgnore, 1},
		{"a directory rule skipped for a file", "a/build", false, noMatch, 0},
		{"an anchored rule with a wildcard", "top/x.py", false, matchIgnore, 1},
		{"a prefix rule is tried only for names starting with it", "test_x.py", false, matchIgnore, 1},
		{"a prefix rule's literal that does not fit", "tests/x.py", false, noMatch, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f.tries = 0
			assert.Equal(t, tc.want, f.match("/r/"+tc.path, tc.isDir))
			assert.LessOrEqual(t, f.tries, tc.maxTries, "rules tested")
		})
	}
}

// TestIgnoreIndexMemory: the rules of a .gitignore of 100,000 literal
// names (1.2 MB of text) take a few hundred bytes each at most, not a
// compiled regular expression each (about 2 KB).
func TestIgnoreIndexMemory(t *testing.T) {
	text := bigIgnoreFile(100_000)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f := parseIgnoreFile("/r", text)
	runtime.GC()
	runtime.ReadMemStats(&after)
	perRule := (int64(after.HeapAlloc) - int64(before.HeapAlloc)) / int64(len(f.rules))
	assert.Less(t, perRule, int64(300), "heap bytes per rule")
	assert.Equal(t, matchIgnore, f.match("/r/name5.py", false), "the index is still in use")
}

// linearRule is a rule of the reference matcher: the matcher as it was
// before the index, one compiled regexp per line, tried from the last line
// up until one matches.
type linearRule struct {
	re                 *regexp.Regexp
	whitelist, dirOnly bool
}

func parseLinear(text string) []linearRule {
	var rules []linearRule
	eachIgnoreLine(text, func(line string) {
		rule, _, ok := parseIgnoreLine(line)
		if !ok {
			return
		}
		re, err := compileGlob(rule.glob, ignoreGlobOptions)
		if err != nil {
			return
		}
		rules = append(rules, linearRule{re: re, whitelist: rule.whitelist, dirOnly: rule.dirOnly})
	})
	return rules
}

func matchLinear(rules []linearRule, dir, path string, isDir bool) ignoreMatch {
	rel := RelativeTo(dir, path)
	for i := len(rules) - 1; i >= 0; i-- {
		r := rules[i]
		if r.dirOnly && !isDir {
			continue
		}
		if r.re.MatchString(rel) {
			if r.whitelist {
				return matchWhitelist
			}
			return matchIgnore
		}
	}
	return noMatch
}

// Pieces of random ignore lines and paths: every token kind, escapes,
// characters the index must not compare byte for byte (U+FFFD, a byte
// that is not UTF-8, a newline in a directory name) and repeated lines.
var (
	linePieces = []string{"a", "b", "ab", ".py", ".", "*", "**", "?", "/", "[ab]", "[!a]", "[/]", "[^/]", "[a-c]",
		"[]a]", "{a,b}", "{,a}", "{a/b,*}", `\*`, `\`, "!", "#", " ", `\ `, "é", "\uFFFD", "]", "[", "-", "}", ","}
	pathPieces = []string{"a", "b", "ab", "a.py", "b.py", ".py", "é", "\uFFFD", "\xff", "a\nb", "\n", "*", "[ab]",
		"-", " ", "!", "#", "a,b", "{a,b}"}
)

func randomIgnoreText(rnd *rand.Rand) string {
	var lines []string
	for range 1 + rnd.IntN(12) {
		if len(lines) > 0 && rnd.IntN(6) == 0 {
			lines = append(lines, lines[rnd.IntN(len(lines))]) // a repeated line
			continue
		}
		var b strings.Builder
		switch rnd.IntN(5) {
		case 0:
			b.WriteString("!")
		case 1:
			b.WriteString("/")
		}
		for range 1 + rnd.IntN(5) {
			b.WriteString(linePieces[rnd.IntN(len(linePieces))])
		}
		if rnd.IntN(4) == 0 {
			b.WriteString("/")
		}
		lines = append(lines, b.String())
	}
	return strings.Join(lines, "\n")
}

func randomPath(rnd *rand.Rand) string {
	parts := make([]string, 1+rnd.IntN(4))
	for i := range parts {
		parts[i] = ""
		for range 1 + rnd.IntN(2) {
			parts[i] += pathPieces[rnd.IntN(len(pathPieces))]
		}
	}
	return strings.Join(parts, "/")
}

// pathLike makes a path out of one line of text, its wildcards filled in
// and around it some random directories, so that many paths match.
func pathLike(rnd *rand.Rand, text string) string {
	lines := strings.Split(text, "\n")
	line := strings.TrimPrefix(lines[rnd.IntN(len(lines))], "!")
	line = strings.NewReplacer("**", "a/b", "*", "ab", "?", "a", "[", "", "]", "", "{", "", "}", "", ",", "", `\`, "").Replace(line)
	line = strings.Trim(line, "/")
	switch rnd.IntN(3) {
	case 0:
		line = randomPath(rnd) + "/" + line
	case 1:
		line += "/" + randomPath(rnd)
	}
	return line
}

// TestIgnoreIndexMatchesLinearRegexps: on random ignore files and paths,
// the indexed matcher gives the verdict of the reference matcher, for
// files and directories, in a file's directory, at the filesystem root
// and for paths outside the file's directory (matched whole).
func TestIgnoreIndexMatchesLinearRegexps(t *testing.T) {
	rnd := rand.New(rand.NewPCG(25, 7))
	verdicts, kinds := map[ignoreMatch]int{}, map[ruleKind]int{}
	for range 4000 {
		text := randomIgnoreText(rnd)
		dir := []string{"/r", "/r", "/"}[rnd.IntN(3)]
		indexed, linear := parseIgnoreFile(dir, text), parseLinear(text)
		for _, r := range indexed.rules {
			kinds[r.kind]++
		}
		for range 25 {
			rel := randomPath(rnd)
			if rnd.IntN(3) == 0 {
				rel = pathLike(rnd, text)
			}
			path := strings.TrimSuffix(dir, "/") + "/" + rel
			if rnd.IntN(8) == 0 {
				path = "/elsewhere/" + rel
			}
			for _, isDir := range []bool{false, true} {
				want := matchLinear(linear, dir, path, isDir)
				verdicts[want]++
				if got := indexed.match(path, isDir); got != want {
					t.Fatalf("ignore file in %q:\n%s\npath %q (dir %v): got %d, the reference %d", dir, text, path, isDir, got, want)
				}
			}
		}
	}
	// The random files are not vacuous: every verdict and every kind of
	// rule occurs often.
	for _, v := range []ignoreMatch{noMatch, matchIgnore, matchWhitelist} {
		assert.Greater(t, verdicts[v], 5_000, "verdict %d", v)
	}
	for k := range numRuleKinds {
		assert.Greater(t, kinds[k], 1_000, "rule kind %d", k)
	}
}

// FuzzIgnoreIndex compares the indexed matcher with the reference one on
// any ignore file and path.
func FuzzIgnoreIndex(f *testing.F) {
	f.Add("*.py\n!keep.py", "a/keep.py", false)
	f.Add("build/\n**/gen/**\n/top.py", "gen/x/y", true)
	f.Add("a\\\nb/foo", "a\nb/foo", false)
	f.Add("\uFFFD.py", "\xff.py", false)
	f.Add("name\nname/\n!name", "x/name", true)
	f.Add("**/a[/]b\ntest_*\n*~", "x/a/b", false)
	f.Fuzz(func(t *testing.T, text, path string, isDir bool) {
		path = "/r/" + path
		want := matchLinear(parseLinear(text), "/r", path, isDir)
		assert.Equal(t, want, parseIgnoreFile("/r", text).match(path, isDir))
	})
}
