package source

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
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

// ignoreGlobOptions are the glob options of ignore-file patterns.
var ignoreGlobOptions = globOptions{literalSeparator: true, allowUnclosedClass: true}

// ignoreRule is one pattern line of an ignore file.
type ignoreRule struct {
	glob      string // the pattern as a glob relative to the file's directory
	kind      ruleKind
	whitelist bool // the line started with `!`
	dirOnly   bool // the line ended with `/`
	compiled  bool // re has been compiled (nil: the glob compiles to no regexp, so it never matches)
	re        *regexp.Regexp
}

// ruleKind says how a rule is found for a path: by which literal of the
// path, and whether finding it is the whole match.
type ruleKind uint8

const (
	// byNothing: the glob has no literal at either end; tried for every path.
	byNothing ruleKind = iota
	// exactName: the glob is `**/` and a literal name; it matches a path
	// whose base name is that name (and whose directories hold no
	// newline, as the regexp's `.*` stops at one).
	exactName
	// exactPath: the glob is a literal; it matches that path only.
	exactPath
	// namePrefix: the glob is `**/` and a pattern within one name
	// starting with a literal; only names starting with it can match.
	namePrefix
	// pathPrefix: only paths starting with the glob's leading literal can match.
	pathPrefix
	// pathSuffix: only paths ending with the glob's trailing literal can match.
	pathSuffix
	numRuleKinds
)

// ruleIndex finds the rules of one kind by the literal each is keyed by.
type ruleIndex struct {
	byKey map[string][]int32 // rule numbers, in descending order
	lens  []int              // the distinct key lengths, ascending
}

// ignoreFile is the rules of one ignore file, matched against paths
// relative to the directory holding it. Its rules are indexed by the
// literal text a path must hold to match each (git's own shortcut: a
// name, a prefix, an extension), so a path is tested only against the
// rules it could match; the last one that matches decides. Each
// wildcard rule's regexp is compiled the first time a path needs it.
// An ignoreFile is not safe for concurrent use.
type ignoreFile struct {
	dir   string
	rules []ignoreRule
	index [numRuleKinds]ruleIndex
	// byNothing holds the byNothing rules, in descending order.
	byNothing []int32
	// tries counts the rules match has tested, for tests of its selectivity.
	tries int
}

// parseIgnoreFile reads the rules of an ignore file's text. Lines that do
// not compile are skipped, as the ignore crate skips them.
func parseIgnoreFile(dir, text string) *ignoreFile {
	f := &ignoreFile{dir: dir}
	keys := []string{}
	eachIgnoreLine(text, func(line string) {
		rule, tokens, ok := parseIgnoreLine(line)
		if !ok {
			return
		}
		var key string
		rule.kind, key = classifyGlob(tokens)
		f.rules = append(f.rules, rule)
		keys = append(keys, key)
	})
	f.buildIndex(keys)
	return f
}

// eachIgnoreLine calls fn with each line of an ignore file's text, as the
// ignore crate reads them.
func eachIgnoreLine(text string, fn func(line string)) {
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
			return
		}
		fn(line)
	}
}

// buildIndex files every rule under its kind and key (keys[n] is rule
// n's). A rule whose glob a later rule repeats can never be the last
// match, so it is left out: the later one matches every path it matches
// (unless the later one is directory-only and it is not).
func (f *ignoreFile) buildIndex(keys []string) {
	const laterAny, laterDirOnly = 1, 2
	later := make(map[string]uint8, len(f.rules))
	lens := make([]map[int]bool, numRuleKinds)
	for n := len(f.rules) - 1; n >= 0; n-- {
		r := &f.rules[n]
		seen := later[r.glob]
		if seen&laterAny != 0 || (r.dirOnly && seen&laterDirOnly != 0) {
			continue
		}
		if r.dirOnly {
			later[r.glob] = seen | laterDirOnly
		} else {
			later[r.glob] = seen | laterAny
		}
		if r.kind == byNothing {
			f.byNothing = append(f.byNothing, int32(n))
			continue
		}
		idx := &f.index[r.kind]
		if idx.byKey == nil {
			idx.byKey, lens[r.kind] = map[string][]int32{}, map[int]bool{}
		}
		idx.byKey[keys[n]] = append(idx.byKey[keys[n]], int32(n))
		lens[r.kind][len(keys[n])] = true
	}
	for kind, set := range lens {
		for l := range set {
			f.index[kind].lens = append(f.index[kind].lens, l)
		}
		slices.Sort(f.index[kind].lens)
	}
}

// parseIgnoreLine turns one line into a rule and its glob's tokens; ok is
// false for blank lines, comments and patterns that do not parse.
func parseIgnoreLine(line string) (rule ignoreRule, tokens []globToken, ok bool) {
	if strings.HasPrefix(line, "#") {
		return rule, nil, false
	}
	if !strings.HasSuffix(line, `\ `) {
		line = strings.TrimRightFunc(line, unicode.IsSpace)
	}
	if line == "" {
		return rule, nil, false
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
	tokens, err := parseGlob(glob, ignoreGlobOptions)
	if err != nil {
		return rule, nil, false
	}
	rule.glob = glob
	return rule, tokens, true
}

// classifyGlob returns how a rule with these tokens is found: its kind and
// the literal it is keyed by. Of a leading and a trailing literal, the
// longer is the key. A literal ends at U+FFFD, which the regexp also
// matches for any byte that is not UTF-8, so it cannot be compared byte
// for byte.
func classifyGlob(tokens []globToken) (ruleKind, string) {
	if len(tokens) == 1 && tokens[0].kind == globRecursivePrefix {
		return byNothing, "" // `**` alone matches everything
	}
	body, prefixKind, exactKind := tokens, pathPrefix, exactPath
	if len(tokens) > 0 && tokens[0].kind == globRecursivePrefix {
		body, prefixKind, exactKind = tokens[1:], byNothing, byNothing
		if withinName(body) {
			prefixKind, exactKind = namePrefix, exactName
		}
	}
	head := literalRun(body, false)
	if head == len(body) && exactKind != byNothing {
		return exactKind, literalText(body)
	}
	tail := literalRun(tokens, true)
	switch {
	case prefixKind != byNothing && head > 0 && head >= tail:
		return prefixKind, literalText(body[:head])
	case tail > 0:
		return pathSuffix, literalText(tokens[len(tokens)-tail:])
	}
	return byNothing, ""
}

// withinName reports whether tokens can only match text without a `/`:
// then after a leading `**/` they match exactly a path's base name.
func withinName(tokens []globToken) bool {
	for _, t := range tokens {
		switch t.kind {
		case globLiteral:
			if t.char == '/' {
				return false
			}
		case globAny, globStar:
			// `[^/]` and `[^/]*` with ignore files' literal separator.
		case globClass:
			holdsSlash := false
			for _, r := range t.ranges {
				holdsSlash = holdsSlash || (r[0] <= '/' && '/' <= r[1])
			}
			if holdsSlash != t.negated {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// literalRun returns how many tokens at the start (or, fromEnd, the end)
// of tokens are literals other than U+FFFD.
func literalRun(tokens []globToken, fromEnd bool) int {
	n := 0
	for n < len(tokens) {
		t := tokens[n]
		if fromEnd {
			t = tokens[len(tokens)-1-n]
		}
		if t.kind != globLiteral || t.char == utf8.RuneError {
			break
		}
		n++
	}
	return n
}

// literalText is the text of literal tokens.
func literalText(tokens []globToken) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteRune(t.char)
	}
	return b.String()
}

// match returns the verdict of the last rule matching path (absolute),
// skipping directory-only rules for files.
func (f *ignoreFile) match(path string, isDir bool) ignoreMatch {
	rel := RelativeTo(f.dir, path)
	slash := strings.LastIndexByte(rel, '/')
	name := rel[slash+1:]
	best := int32(-1)
	try := func(candidates []int32) {
		for _, n := range candidates {
			if n <= best {
				return
			}
			if f.rules[n].dirOnly && !isDir {
				continue
			}
			f.tries++
			if f.matches(n, rel, slash) {
				best = n
				return
			}
		}
	}
	try(f.index[exactName].byKey[name])
	try(f.index[exactPath].byKey[rel])
	for _, l := range f.index[namePrefix].lens {
		if l > len(name) {
			break
		}
		try(f.index[namePrefix].byKey[name[:l]])
	}
	for _, l := range f.index[pathPrefix].lens {
		if l > len(rel) {
			break
		}
		try(f.index[pathPrefix].byKey[rel[:l]])
	}
	for _, l := range f.index[pathSuffix].lens {
		if l > len(rel) {
			break
		}
		try(f.index[pathSuffix].byKey[rel[len(rel)-l:]])
	}
	try(f.byNothing)
	switch {
	case best < 0:
		return noMatch
	case f.rules[best].whitelist:
		return matchWhitelist
	}
	return matchIgnore
}

// matches reports whether rule n, found by its key, matches rel, whose
// last `/` is at slash.
func (f *ignoreFile) matches(n int32, rel string, slash int) bool {
	r := &f.rules[n]
	switch r.kind {
	case exactPath:
		return true
	case exactName:
		return slash <= 0 || strings.IndexByte(rel[:slash], '\n') < 0
	}
	if !r.compiled {
		// A glob that parsed always compiles; one that did not would match
		// nothing, as if its line were skipped.
		r.re, _ = compileGlob(r.glob, ignoreGlobOptions)
		r.compiled = true
	}
	return r.re != nil && r.re.MatchString(rel)
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

// parseGlob reads a glob into tokens.
func parseGlob(glob string, opts globOptions) ([]globToken, error) {
	p := &globParser{glob: glob, chars: []rune(glob), prev: noChar, cur: noChar, opts: opts, branches: [][]globToken{nil}}
	return p.parse()
}

// compileGlob compiles a glob into an anchored regular expression.
func compileGlob(glob string, opts globOptions) (*regexp.Regexp, error) {
	tokens, err := parseGlob(glob, opts)
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
	rel := RelativeTo(baseDir, path)
	for i, re := range e.res {
		if re.MatchString(rel) {
			return e.patterns[i]
		}
	}
	return ""
}
