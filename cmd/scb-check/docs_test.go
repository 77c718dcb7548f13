package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// moduleRoot is the module's root, two levels above this package.
const moduleRoot = "../.."

// markdownFiles are the repository's own Markdown files: the README, the
// docs and every other page, but no fixture, no installed tool and no
// benchmark corpus.
func markdownFiles(t *testing.T) []string {
	t.Helper()
	skip := map[string]bool{".git": true, ".tools": true, "node_modules": true, "testdata": true,
		"corpus": true, "out": true, "dist": true, ".scratch": true}
	var files []string
	err := filepath.WalkDir(moduleRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && skip[d.Name()] {
			return filepath.SkipDir
		}
		if d.Type().IsRegular() && strings.HasSuffix(p, ".md") {
			files = append(files, p)
		}
		return nil
	})
	require.NoError(t, err)
	require.Contains(t, files, filepath.Join(moduleRoot, "README.md"))
	return files
}

// fence is a fenced code block's opening or closing line.
var fence = regexp.MustCompile("^\\s*```")

// headingAnchors are the anchors GitHub gives the headings of a Markdown
// text: lower case, punctuation other than '-' and '_' dropped, spaces as
// '-', and "-1", "-2" after repeats.
func headingAnchors(text string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	inFence := false
	for _, line := range strings.Split(text, "\n") {
		if fence.MatchString(line) {
			inFence = !inFence
			continue
		}
		if inFence || !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimLeft(line, "#")
		if !strings.HasPrefix(title, " ") {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(title)) {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r):
				b.WriteRune(r)
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			anchors[a+"-"+string(rune('0'+n))] = true
		} else {
			anchors[a] = true
		}
		seen[a]++
	}
	return anchors
}

// mdLink is an inline Markdown link's target.
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// withoutCode is text with its fenced blocks and code spans blanked, where
// a link is not a link.
func withoutCode(text string) string {
	var b strings.Builder
	inFence := false
	for _, line := range strings.Split(text, "\n") {
		if fence.MatchString(line) {
			inFence = !inFence
			b.WriteString("\n")
			continue
		}
		if inFence {
			b.WriteString("\n")
			continue
		}
		parts := strings.Split(line, "`")
		for i, p := range parts {
			if i%2 == 0 {
				b.WriteString(p)
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// Every relative link of the repository's Markdown leads to a file that
// exists, and a link to a heading of a Markdown page names one it has.
func TestDocsLinksResolve(t *testing.T) {
	anchorsOf := map[string]map[string]bool{}
	anchors := func(path string) map[string]bool {
		if a, ok := anchorsOf[path]; ok {
			return a
		}
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		anchorsOf[path] = headingAnchors(string(data))
		return anchorsOf[path]
	}
	checked := 0
	for _, file := range markdownFiles(t) {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		for _, m := range mdLink.FindAllStringSubmatch(withoutCode(string(data)), -1) {
			target := m[1]
			if regexp.MustCompile(`^[a-z]+:`).MatchString(target) {
				continue
			}
			checked++
			path, anchor, _ := strings.Cut(target, "#")
			full := file
			if path != "" {
				full = filepath.Join(filepath.Dir(file), filepath.FromSlash(path))
				_, err := os.Stat(full)
				if !assert.NoErrorf(t, err, "%s: link %q leads nowhere", file, target) {
					continue
				}
			}
			if anchor != "" && strings.HasSuffix(full, ".md") {
				assert.Truef(t, anchors(full)[anchor], "%s: link %q names no heading of %s", file, target, full)
			}
		}
	}
	assert.Greater(t, checked, 20, "the docs link to each other")
}

// foreignFlags are options of other programs the docs name in code spans
// of their own (npm's, pip's, git's, ast-grep's, GNU parallel's, Slurm's),
// never ours.
var foreignFlags = map[string]bool{
	"--prefix": true, "--omit": true, "--save-dev": true, "--from": true, "--end-of-options": true,
	"--first-parent": true, "--format": true, "--sshloginfile": true, "--no-verify": true,
	"--filter": true, "--depth": true, "--update": true, "--no-audit": true, "--no-fund": true,
	"--ignore-scripts": true, "--all-files": true, "--hook-stage": true, "--no-lazy-fetch": true,
	"--output-document": true, "--array": true, "--cpus-per-task": true, "--requeue": true,
	"--dependency": true, "--wait": true, "--no-sandbox": true, "--headless": true,
	"--json": true, "--inspect": true, "--batch": true, "--stdin": true, // ast-grep's and git's
	"--scope": true, // claude mcp add's
}

// docFlag is an option as the docs write it.
var docFlag = regexp.MustCompile(`(?:^|[\s(\[|,])(--[a-z][a-z0-9-]*)`)

// invocation is "scb-check COMMAND" in a command line the docs show.
var invocation = regexp.MustCompile(`(?:^|[\s/(])scb-check\s+([a-z]+)\b([^|>;&` + "`" + `]*)`)

// Every option the command-line docs name exists: an option shown after
// "scb-check COMMAND" is in that command's --help, and one named on its
// own in a code span is in the help of some command.
func TestDocsNameOnlyOptionsThatExist(t *testing.T) {
	helpOf := map[string]string{}
	var all strings.Builder
	for name := range commands {
		var out, errw bytes.Buffer
		require.Equal(t, 0, run([]string{name, "--help"}, &out, &errw), "%s --help: %s", name, errw.String())
		helpOf[name] = out.String()
		all.WriteString(out.String())
	}
	var out, errw bytes.Buffer
	require.Equal(t, 0, run([]string{"--help"}, &out, &errw))
	all.WriteString(out.String())
	inHelp := func(help, flag string) bool {
		return regexp.MustCompile(`(?m)(?:^|[\s,(])` + regexp.QuoteMeta(flag) + `(?:[\s=<\[,.:]|$)`).MatchString(help)
	}

	docs := []string{filepath.Join(moduleRoot, "README.md")}
	pages, err := filepath.Glob(filepath.Join(moduleRoot, "docs", "*.md"))
	require.NoError(t, err)
	docs = append(docs, pages...)
	checked := 0
	for _, file := range docs {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		inFence := false
		for n, line := range strings.Split(string(data), "\n") {
			if fence.MatchString(line) {
				inFence = !inFence
				continue
			}
			var spans []string
			if inFence {
				spans = []string{line}
			} else {
				parts := strings.Split(line, "`")
				for i := 1; i < len(parts); i += 2 {
					spans = append(spans, parts[i])
				}
			}
			for _, span := range spans {
				if t := strings.TrimSpace(span); strings.HasPrefix(t, "#") || strings.HasPrefix(t, "scripts/") || strings.HasPrefix(t, "bench/") {
					continue // a comment in a shell block, a config key, or a script's own options
				}
				inv := invocation.FindAllStringSubmatch(span, -1)
				for _, m := range inv {
					help, ok := helpOf[m[1]]
					if !ok {
						continue
					}
					for _, f := range docFlag.FindAllStringSubmatch(m[2], -1) {
						checked++
						assert.Truef(t, inHelp(help, f[1]), "%s:%d: `scb-check %s` has no %s in its --help", file, n+1, m[1], f[1])
					}
				}
				if len(inv) > 0 || inFence {
					continue
				}
				for _, f := range docFlag.FindAllStringSubmatch(span, -1) {
					if foreignFlags[f[1]] {
						continue
					}
					checked++
					assert.Truef(t, inHelp(all.String(), f[1]), "%s:%d: %s is in no command's --help", file, n+1, f[1])
				}
			}
		}
	}
	assert.Greater(t, checked, 100, "the docs name options")
	names := make([]string, 0, len(helpOf))
	for name := range helpOf {
		names = append(names, name)
	}
	slices.Sort(names)
	assert.Contains(t, names, "check")
}

// TestHelpLinksExistingPages checks that the pages the main help links
// (at this version's tag) are files of the tree.
func TestHelpLinksExistingPages(t *testing.T) {
	links := regexp.MustCompile(regexp.QuoteMeta(sourceURL)+`(\S+)`).FindAllStringSubmatch(mainHelp, -1)
	require.NotEmpty(t, links, "the main help links no page")
	for _, l := range links {
		assert.FileExists(t, filepath.Join(moduleRoot, filepath.FromSlash(l[1])), "linked by the main help")
	}
}
