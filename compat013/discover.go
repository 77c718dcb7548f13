package compat013

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/vfs"
)

// This file holds scb-check 0.1.3's discovery (0.1.3 §1) and function
// finder (§4).

// DiscoverOptions controls Discover.
type DiscoverOptions struct {
	// BaseDir is the directory exclude patterns are relative to (the
	// config file's directory); a file outside it is matched by its
	// absolute path.
	BaseDir string
	// Exclude holds 0.1.3's exclude patterns (fnmatch, matched segment by
	// segment; see MatchSegments).
	Exclude []string
	// Lang is the language of the files found (Python): 0.1.3 reads the
	// files whose name ends exactly in its Language's Suffix (".py").
	Lang *lang.Spec
	// MaxFileSize, when positive, keeps larger files unread (SkipReason).
	MaxFileSize int64
	// FS is the file tree walked; the operating system's when nil.
	FS vfs.FS
}

// prunedNames013 are the directory names 0.1.3 never walks below (no
// "target": it reads no Rust).
var prunedNames013 = map[string]bool{
	".git": true, ".venv": true, "venv": true, "env": true, ".env": true,
	"__pycache__": true, "build": true, "dist": true, "node_modules": true,
	"site-packages": true, ".mypy_cache": true, ".pytest_cache": true,
	".ruff_cache": true, ".tox": true,
}

// Discover returns the files at path that scb-check 0.1.3 analyses,
// sorted by path. A file path must end in ".py". A directory is walked
// recursively, hidden entries included, every symbolic link (file or
// directory) skipped, directories named in 0.1.3's pruned list not
// entered; no ignore file is read. A file is left out when an exclude
// pattern matches its path relative to BaseDir (its absolute path when it
// lies outside).
func Discover(path string, opts DiscoverOptions) ([]source.SourceFile, error) {
	l := LanguageOf(opts.Lang)
	if l == nil {
		return nil, errors.New("Discover needs a language scb-check 0.1.3 reads (one LanguageOf knows)")
	}
	suffix := l.Suffix
	fsys := vfs.Or(opts.FS)
	info, err := fsys.Stat(path)
	if err != nil {
		return nil, &pathError{msg: "path does not exist: " + path, cause: err}
	}
	if !info.IsDir() {
		if !strings.HasSuffix(path, suffix) {
			return nil, fmt.Errorf("not a Python file: %s", path)
		}
		resolved, err := vfs.Canonical(fsys, path)
		if err != nil {
			return nil, fmt.Errorf("failed to resolve %s: %w", path, err)
		}
		return []source.SourceFile{source.Listed(resolved, opts.Lang, info, opts.MaxFileSize)}, nil
	}
	root, err := vfs.Canonical(fsys, path)
	if err != nil {
		return nil, fmt.Errorf("failed to resolve %s: %w", path, err)
	}
	excludes, err := compileExcludes013(opts.Exclude)
	if err != nil {
		return nil, err
	}
	var files []source.SourceFile
	var walk func(dir string) error
	walk = func(dir string) error {
		entries, err := fsys.ReadDir(dir)
		if err != nil {
			return fmt.Errorf("failed to read directory %s: %w", dir, err)
		}
		for _, e := range entries {
			p := filepath.Join(dir, e.Name())
			switch {
			case e.Type()&fs.ModeSymlink != 0:
			case e.IsDir():
				if !prunedNames013[e.Name()] {
					if err := walk(p); err != nil {
						return err
					}
				}
			case strings.HasSuffix(e.Name(), suffix):
				if matchAny013(excludes, source.RelativeTo(opts.BaseDir, p)) {
					continue
				}
				info, err := e.Info()
				if err != nil {
					return fmt.Errorf("failed to stat %s: %w", p, err)
				}
				files = append(files, source.Listed(p, opts.Lang, info, opts.MaxFileSize))
			}
		}
		return nil
	}
	if err := walk(root); err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, &noPythonFiles{path: path}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, nil
}

// segmentPattern is one exclude pattern split on "/": nil for a "**"
// segment, else the segment's fnmatch expression.
type segmentPattern []*regexp.Regexp

// compileExcludes013 compiles 0.1.3's exclude patterns.
func compileExcludes013(patterns []string) ([]segmentPattern, error) {
	out := make([]segmentPattern, 0, len(patterns))
	for _, p := range patterns {
		var sp segmentPattern
		for _, seg := range nonEmptySegments(p) {
			if seg == "**" {
				sp = append(sp, nil)
				continue
			}
			re, err := regexp.Compile(fnmatchExpr(seg))
			if err != nil {
				return nil, fmt.Errorf("invalid exclude pattern %q: %w", p, err)
			}
			sp = append(sp, re)
		}
		out = append(out, sp)
	}
	return out, nil
}

func matchAny013(patterns []segmentPattern, rel string) bool {
	segs := nonEmptySegments(rel)
	for _, p := range patterns {
		if matchSegments(p, segs) {
			return true
		}
	}
	return false
}

// nonEmptySegments splits rel on "/" and keeps the non-empty parts, as
// 0.1.3 does for both a path and a pattern.
func nonEmptySegments(rel string) []string {
	parts := strings.Split(rel, "/")
	out := parts[:0]
	for _, s := range parts {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// MatchSegments reports whether the exclude pattern matches the relative
// path rel as 0.1.3 matches them: both split on "/" keeping only the
// non-empty parts (so "/a.py", "a//b.py" and "a.py/" are "a.py",
// "a/b.py" and "a.py"), a "**" segment standing for any number of
// segments (none included), every other segment an fnmatch pattern (`*`, `?`, `[seq]`, `[!seq]`) matched against
// one path segment, so that `*` never crosses a "/"; the pattern must
// consume the whole path, from its first segment.
func MatchSegments(pattern, rel string) (bool, error) {
	ps, err := compileExcludes013([]string{pattern})
	if err != nil {
		return false, err
	}
	return matchAny013(ps, rel), nil
}

func matchSegments(p segmentPattern, segs []string) bool {
	if len(p) == 0 {
		return len(segs) == 0
	}
	if p[0] == nil {
		for k := 0; k <= len(segs); k++ {
			if matchSegments(p[1:], segs[k:]) {
				return true
			}
		}
		return false
	}
	return len(segs) > 0 && p[0].MatchString(segs[0]) && matchSegments(p[1:], segs[1:])
}

// fnmatchExpr translates one fnmatch pattern into an anchored regular
// expression as Python's fnmatch does: `*` any run of characters, `?` one
// character, `[...]` a set (`[!...]` its complement, a `]` right after
// the opening taken literally), an unclosed `[` a literal; everything else
// literal, case-sensitive.
func fnmatchExpr(pat string) string {
	var b strings.Builder
	b.WriteString(`^(?s:`)
	r := []rune(pat)
	for i := 0; i < len(r); i++ {
		switch c := r[i]; c {
		case '*':
			b.WriteString(`.*`)
		case '?':
			b.WriteString(`.`)
		case '[':
			j := i + 1
			if j < len(r) && r[j] == '!' {
				j++
			}
			if j < len(r) && r[j] == ']' {
				j++
			}
			for j < len(r) && r[j] != ']' {
				j++
			}
			if j >= len(r) {
				b.WriteString(`\[`)
				continue
			}
			set := r[i+1 : j]
			b.WriteByte('[')
			if len(set) > 0 && set[0] == '!' {
				b.WriteByte('^')
				set = set[1:]
			} else if len(set) > 0 && set[0] == '^' {
				b.WriteString(`\^`)
				set = set[1:]
			}
			for _, s := range set {
				if s == '\\' || s == '[' || s == ']' {
					b.WriteByte('\\')
				}
				b.WriteRune(s)
			}
			b.WriteByte(']')
			i = j
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString(`)$`)
	return b.String()
}

// VisitorCallables returns the callables of t that scb-check 0.1.3's
// function visitor finds, in source order: those every ancestor of which is a node
// the visitor descends through (its Language's CallableContainers, or a
// callable: a function's own children are visited). A def inside an
// if, for, while, try, with or match body is not among them.
func VisitorCallables(t *source.Tree, sloc source.Lines) []source.Callable {
	all := t.Callables(sloc)
	if len(all) == 0 {
		return all
	}
	var containers []string
	if l := LanguageOf(t.Lang); l != nil {
		containers = l.CallableContainers
	}
	through := make([]bool, len(t.Nodes))
	// reached[i]: the visitor reaches node i. The root is reached;
	// a node is reached when its parent is reached and descended through.
	reached := make([]bool, len(t.Nodes))
	type open struct{ node, end int }
	var stack []open
	for i := range t.Nodes {
		for len(stack) > 0 && stack[len(stack)-1].end <= i {
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			reached[i] = true
		} else {
			parent := stack[len(stack)-1].node
			reached[i] = reached[parent] && through[parent]
		}
		through[i] = t.IsCallable(i) || slices.Contains(containers, t.Kind(i))
		stack = append(stack, open{node: i, end: int(t.Nodes[i].End)})
	}
	out := all[:0:0]
	for _, fn := range all {
		if reached[fn.Node] {
			out = append(out, fn)
		}
	}
	return out
}

// noPythonFiles is 0.1.3's error for a tree with no .py file: its own
// message, and ErrNoFiles to errors.Is as Discover's error is.
type noPythonFiles struct{ path string }

func (e *noPythonFiles) Error() string        { return "no Python files found at " + e.path }
func (e *noPythonFiles) Is(target error) bool { return target == source.ErrNoFiles }

// pathError keeps 0.1.3's message for a missing path while exposing its
// cause to errors.Is and errors.As.
type pathError struct {
	msg   string
	cause error
}

func (e *pathError) Error() string { return e.msg }
func (e *pathError) Unwrap() error { return e.cause }
