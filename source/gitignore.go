package source

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/scbcheck/scbcheck/vfs"
)

// This file holds the two pattern languages of discovery, written to match
// the Rust crates the reference uses: globs as in `globset` (exclude
// patterns, and the building block of ignore rules) and ignore files as in
// the `ignore` crate (.gitignore and .ignore, with git's rules).

// ignoreMatch is the verdict of one ignore file on a path.
type ignoreMatch uint8

const (
	noMatch ignoreMatch = iota
	matchIgnore
	matchWhitelist
)

// ignoreRule is one pattern line of an ignore file.
type ignoreRule struct {
	re        *regexp.Regexp
	whitelist bool // the line started with `!`
	dirOnly   bool // the line ended with `/`
}

// ignoreFile is the rules of one ignore file, matched against paths
// relative to the directory holding it.
type ignoreFile struct {
	dir   string
	rules []ignoreRule
}

// parseIgnoreFile reads the rules of an ignore file's text. Lines that do
// not compile are skipped, as the ignore crate skips them.
func parseIgnoreFile(dir, text string) *ignoreFile {
	f := &ignoreFile{dir: dir}
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		if i < len(lines)-1 {
			line = strings.TrimSuffix(line, "\r")
		}
		if i == 0 {
			line = strings.TrimLeft(line, "\uFEFF")
		}
		// The crate reads lines as UTF-8 and stops at the first that is not.
		if !utf8.ValidString(line) {
			break
		}
		if rule, ok := parseIgnoreLine(line); ok {
			f.rules = append(f.rules, rule)
		}
	}
	return f
}

// parseIgnoreLine turns one line into a rule; ok is false for blank lines,
// comments and patterns that do not compile.
func parseIgnoreLine(line string) (rule ignoreRule, ok bool) {
	if strings.HasPrefix(line, "#") {
		return rule, false
	}
	if !strings.HasSuffix(line, `\ `) {
		line = strings.TrimRightFunc(line, unicode.IsSpace)
	}
	if line == "" {
		return rule, false
	}
	anchored := false
	if strings.HasPrefix(line, `\!`) || strings.HasPrefix(line, `\#`) {
		line = line[1:]
	} else {
		if rest, ok := strings.CutPrefix(line, "!"); ok {
			rule.whitelist = true
			line = rest
		}
		if rest, ok := strings.CutPrefix(line, "/"); ok {
			anchored = true
			line = rest
		}
	}
	if rest, ok := strings.CutSuffix(line, "/"); ok {
		rule.dirOnly = true
		line = strings.TrimSuffix(rest, `\`)
	}
	glob := line
	// A pattern without an inner `/` matches a name at any depth.
	if !anchored && !strings.Contains(line, "/") && !strings.HasPrefix(glob, "**/") && glob != "**" {
		glob = "**/" + glob
	}
	// `dir/**` matches what is inside dir, not dir itself.
	if strings.HasSuffix(glob, "/**") {
		glob += "/*"
	}
	re, err := compileGlob(glob, globOptions{literalSeparator: true, allowUnclosedClass: true})
	if err != nil {
		return rule, false
	}
	rule.re = re
	return rule, true
}

// match returns the verdict of the last rule matching path (absolute),
// skipping directory-only rules for files.
func (f *ignoreFile) match(path string, isDir bool) ignoreMatch {
	rel := relativeTo(f.dir, path)
	for i := len(f.rules) - 1; i >= 0; i-- {
		r := &f.rules[i]
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

// ignoreDir holds the ignore files of one directory and links to the
// nearest ancestor directory that has any.
type ignoreDir struct {
	dotIgnore *ignoreFile // .ignore
	gitIgnore *ignoreFile // .gitignore
	parent    *ignoreDir
}

// loadIgnoreDir reads the ignore files of dir, whose links may lead
// anywhere inside within. A directory without any adds nothing to the
// chain. A missing file counts as absent; one that cannot be read (not a
// regular file, a link leading out of within, one over the cap) counts as
// absent too, with a warning.
func (w *walker) loadIgnoreDir(dir, within string, parent *ignoreDir) *ignoreDir {
	read := func(name string) *ignoreFile {
		p := filepath.Join(dir, name)
		if _, err := w.fs.Lstat(p); err != nil {
			return nil
		}
		data, err := vfs.ReadRegularIn(w.fs, within, p, w.maxIgnore)
		if err != nil {
			if w.warn != nil {
				w.warn(p, fmt.Sprintf("ignore file not read: %v; its patterns are not applied", err))
			}
			return nil
		}
		return parseIgnoreFile(dir, string(data))
	}
	d := &ignoreDir{dotIgnore: read(".ignore"), gitIgnore: read(".gitignore"), parent: parent}
	if d.dotIgnore == nil && d.gitIgnore == nil {
		return parent
	}
	return d
}

// parentIgnores returns the ignore chain of the ancestors of root, from the
// filesystem root down to root's parent. Outside a git repository too:
// every ancestor counts, but only those of a vfs.Bounded tree's own (the
// temporary directories holding a commit's tree are not the commit's).
// Each ancestor's ignore files may be links only into that ancestor.
func (w *walker) parentIgnores(root string) *ignoreDir {
	bounded, _ := w.fs.(vfs.Bounded)
	var dirs []string
	for dir := root; dir != filepath.Dir(dir); {
		dir = filepath.Dir(dir)
		if bounded != nil && !bounded.Holds(dir) {
			break
		}
		dirs = append(dirs, dir)
	}
	var chain *ignoreDir
	for i := len(dirs) - 1; i >= 0; i-- {
		chain = w.loadIgnoreDir(dirs[i], dirs[i], chain)
	}
	return chain
}

// ignored reports whether path is ignored. For each kind of file the
// deepest one with a matching rule decides; any .ignore verdict beats any
// .gitignore verdict, as in the ignore crate.
func (d *ignoreDir) ignored(path string, isDir bool) bool {
	var byIgnore, byGit ignoreMatch
	for c := d; c != nil && (byIgnore == noMatch || byGit == noMatch); c = c.parent {
		if byIgnore == noMatch && c.dotIgnore != nil {
			byIgnore = c.dotIgnore.match(path, isDir)
		}
		if byGit == noMatch && c.gitIgnore != nil {
			byGit = c.gitIgnore.match(path, isDir)
		}
	}
	if byIgnore != noMatch {
		return byIgnore == matchIgnore
	}
	return byGit == matchIgnore
}

// globOptions selects the globset options a pattern is compiled with.
type globOptions struct {
	// literalSeparator stops `*` and `?` at `/` (ignore files); without it
	// they match `/` too (exclude globs).
	literalSeparator bool
	// allowUnclosedClass makes a `[` without its `]` a literal (ignore
	// files); without it that is an error.
	allowUnclosedClass bool
}

type globKind uint8

const (
	globLiteral         globKind = iota
	globAny                      // ?
	globStar                     // *
	globRecursivePrefix          // leading **/
	globRecursiveSuffix          // trailing /**
	globRecursiveMiddle          // /**/
	globClass                    // [...]
	globAlternates               // {a,b}
)

type globToken struct {
	kind    globKind
	char    rune
	negated bool
	ranges  [][2]rune
	alts    [][]globToken
}

// globError is a pattern that does not parse; its text follows globset's.
type globError struct {
	glob   string
	reason string
}

func (e *globError) Error() string {
	return fmt.Sprintf("error parsing glob '%s': %s", e.glob, e.reason)
}

// noChar stands for "no character" in globParser.prev and cur.
const noChar rune = -1

// globParser turns a pattern into tokens the way globset does.
type globParser struct {
	glob      string
	chars     []rune
	pos       int
	prev, cur rune
	opts      globOptions
	// branches are the token lists being built; the last one receives new
	// tokens. altStarts marks where each open `{` group's branches begin.
	branches      [][]globToken
	altStarts     []int
	unclosedClass bool
}

// compileGlob compiles a glob into an anchored regular expression.
func compileGlob(glob string, opts globOptions) (*regexp.Regexp, error) {
	p := &globParser{glob: glob, chars: []rune(glob), prev: noChar, cur: noChar, opts: opts, branches: [][]globToken{nil}}
	tokens, err := p.parse()
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString("^")
	if len(tokens) == 1 && tokens[0].kind == globRecursivePrefix {
		b.WriteString(".*")
	} else {
		writeGlobRegexp(&b, tokens, opts)
	}
	b.WriteString("$")
	return regexp.Compile(b.String())
}

func (p *globParser) fail(reason string) error {
	return &globError{glob: p.glob, reason: reason}
}

func (p *globParser) bump() rune {
	p.prev = p.cur
	if p.pos >= len(p.chars) {
		p.cur = noChar
	} else {
		p.cur = p.chars[p.pos]
		p.pos++
	}
	return p.cur
}

func (p *globParser) peek() rune {
	if p.pos >= len(p.chars) {
		return noChar
	}
	return p.chars[p.pos]
}

func (p *globParser) push(t globToken) {
	last := len(p.branches) - 1
	p.branches[last] = append(p.branches[last], t)
}

func (p *globParser) pop() globToken {
	last := len(p.branches) - 1
	n := len(p.branches[last])
	t := p.branches[last][n-1]
	p.branches[last] = p.branches[last][:n-1]
	return t
}

func (p *globParser) parse() ([]globToken, error) {
	for c := p.bump(); c != noChar; c = p.bump() {
		switch {
		case c == '?':
			p.push(globToken{kind: globAny})
		case c == '*':
			p.star()
		case c == '[' && !p.unclosedClass:
			if err := p.class(); err != nil {
				return nil, err
			}
		case c == '{':
			p.altStarts = append(p.altStarts, len(p.branches))
			p.branches = append(p.branches, nil)
		case c == '}':
			if len(p.altStarts) == 0 {
				return nil, p.fail("unopened alternate group; missing '{' (maybe escape '}' with '[}]'?)")
			}
			start := p.altStarts[len(p.altStarts)-1]
			p.altStarts = p.altStarts[:len(p.altStarts)-1]
			alts := append([][]globToken(nil), p.branches[start:]...)
			p.branches = p.branches[:start]
			p.push(globToken{kind: globAlternates, alts: alts})
		case c == ',' && len(p.altStarts) > 0:
			p.branches = append(p.branches, nil)
		case c == '\\':
			next := p.bump()
			if next == noChar {
				return nil, p.fail(`dangling '\'`)
			}
			p.push(globToken{kind: globLiteral, char: next})
		default:
			p.push(globToken{kind: globLiteral, char: c})
		}
	}
	if len(p.branches) > 1 {
		return nil, p.fail("unclosed alternate group; missing '}' (maybe escape '{' with '[{]'?)")
	}
	return p.branches[0], nil
}

// star handles a `*` just read. `**` is recursive only as a whole path
// component (or a whole alternative); anywhere else it is two plain stars.
func (p *globParser) star() {
	prev := p.prev
	if p.peek() != '*' {
		p.push(globToken{kind: globStar})
		return
	}
	p.bump()
	twoStars := func() {
		p.push(globToken{kind: globStar})
		p.push(globToken{kind: globStar})
	}
	if len(p.branches[len(p.branches)-1]) == 0 {
		if next := p.peek(); next != noChar && next != '/' {
			twoStars()
			return
		}
		p.push(globToken{kind: globRecursivePrefix})
		p.bump() // the `/` after `**`, if any
		return
	}
	if prev != '/' && (len(p.branches) <= 1 || (prev != ',' && prev != '{')) {
		twoStars()
		return
	}
	suffix := false
	switch next := p.peek(); {
	case next == noChar:
		p.bump()
		suffix = true
	case (next == ',' || next == '}') && len(p.branches) >= 2:
		suffix = true
	case next == '/':
		p.bump()
	default:
		twoStars()
		return
	}
	// The token before `**` is the `/` it absorbs, unless a recursive
	// token already stands there.
	switch last := p.pop(); last.kind {
	case globRecursivePrefix, globRecursiveSuffix:
		p.push(last)
	default:
		if suffix {
			p.push(globToken{kind: globRecursiveSuffix})
		} else {
			p.push(globToken{kind: globRecursiveMiddle})
		}
	}
}

// class reads a `[...]` class; the `[` has been read.
func (p *globParser) class() error {
	savedPos, savedPrev, savedCur := p.pos, p.prev, p.cur
	negated := false
	if next := p.peek(); next == '!' || next == '^' {
		p.bump()
		negated = true
	}
	var ranges [][2]rune
	extend := func(c rune) error {
		r := &ranges[len(ranges)-1]
		r[1] = c
		if r[1] < r[0] {
			return p.fail(fmt.Sprintf("invalid range; '%c' > '%c'", r[0], r[1]))
		}
		return nil
	}
	first, inRange := true, false
	for {
		c := p.bump()
		if c == noChar {
			if p.opts.allowUnclosedClass {
				p.pos, p.prev, p.cur = savedPos, savedPrev, savedCur
				p.unclosedClass = true
				p.push(globToken{kind: globLiteral, char: '['})
				return nil
			}
			return p.fail("unclosed character class; missing ']'")
		}
		if c == ']' && !first {
			break
		}
		switch {
		case c == '-' && first:
			ranges = append(ranges, [2]rune{'-', '-'})
		case c == '-' && inRange:
			if err := extend('-'); err != nil {
				return err
			}
			inRange = false
		case c == '-':
			inRange = true
		case inRange:
			if err := extend(c); err != nil {
				return err
			}
			inRange = false
		default:
			ranges = append(ranges, [2]rune{c, c})
		}
		first = false
	}
	if inRange {
		ranges = append(ranges, [2]rune{'-', '-'})
	}
	p.push(globToken{kind: globClass, negated: negated, ranges: ranges})
	return nil
}

func writeGlobRegexp(b *strings.Builder, tokens []globToken, opts globOptions) {
	for _, t := range tokens {
		switch t.kind {
		case globLiteral:
			b.WriteString(regexp.QuoteMeta(string(t.char)))
		case globAny:
			if opts.literalSeparator {
				b.WriteString("[^/]")
			} else {
				b.WriteString(".")
			}
		case globStar:
			if opts.literalSeparator {
				b.WriteString("[^/]*")
			} else {
				b.WriteString(".*")
			}
		case globRecursivePrefix:
			b.WriteString("(?:/?|.*/)")
		case globRecursiveSuffix:
			b.WriteString("/.*")
		case globRecursiveMiddle:
			b.WriteString("(?:/|/.*/)")
		case globClass:
			b.WriteString("[")
			if t.negated {
				b.WriteString("^")
			}
			for _, r := range t.ranges {
				fmt.Fprintf(b, `\x{%x}`, r[0])
				if r[1] != r[0] {
					fmt.Fprintf(b, `-\x{%x}`, r[1])
				}
			}
			b.WriteString("]")
		case globAlternates:
			// Empty alternatives are dropped, as globset does by default.
			var parts []string
			for _, alt := range t.alts {
				var sub strings.Builder
				writeGlobRegexp(&sub, alt, opts)
				if sub.Len() > 0 {
					parts = append(parts, sub.String())
				}
			}
			if len(parts) > 0 {
				b.WriteString("(?:" + strings.Join(parts, "|") + ")")
			}
		}
	}
}

// Excludes are compiled exclude globs, matched as discovery matches them.
type Excludes struct {
	patterns []string
	res      []*regexp.Regexp
}

// CompileExcludes compiles normalised exclude globs (globset syntax, as
// DiscoverOptions.Exclude holds them).
func CompileExcludes(patterns []string) (*Excludes, error) {
	res, err := compileExcludes(patterns)
	if err != nil {
		return nil, err
	}
	return &Excludes{patterns: patterns, res: res}, nil
}

// Match returns the first pattern matching the file at path, taken
// relative to baseDir when below it (else absolute), as discovery takes
// it; "" when none does.
func (e *Excludes) Match(baseDir, path string) string {
	rel := relativeTo(baseDir, path)
	for i, re := range e.res {
		if re.MatchString(rel) {
			return e.patterns[i]
		}
	}
	return ""
}
