package source

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/vfs"
)

// DiscoverOptions controls which files Discover returns for a directory.
type DiscoverOptions struct {
	// BaseDir is the directory exclude globs are relative to (the config's
	// base directory). Files outside it are matched by absolute path.
	BaseDir string
	// Exclude holds normalised exclude globs (globset syntax, `*` crossing
	// `/`), as produced by package config.
	Exclude []string
	// NoIgnoreFiles disables .gitignore and .ignore files. Pruned directory
	// names and excludes still apply.
	NoIgnoreFiles bool
	// Languages are the languages analysed; nil means lang.Defaults().
	// Files of other known languages are left out (and counted, for the
	// message when nothing else is found).
	Languages []*lang.Spec
	// MaxFileSize, when positive, keeps larger files unread (SourceFile.Skip
	// says why): one generated giant would otherwise set the run's memory.
	MaxFileSize int64
	// FS is the file tree walked; the operating system's when nil.
	FS vfs.FS
	// MaxIgnoreSize caps each .gitignore and .ignore file read, in bytes;
	// no cap when not positive (a resolved limit, see vfs.MaxRead).
	MaxIgnoreSize int64
	// Warn, when set, is told of each ignore file passed over, and why.
	Warn func(path, reason string)
}

// SourceFile is one file to analyse.
type SourceFile struct {
	// Path is the canonical absolute path (a symlink is resolved to its
	// target); for a path that is not valid UTF-8, its escaped form
	// (vfs.EscapePath), which names no file, with Skip SkipNotUTF8.
	Path string
	// Lang is the file's language.
	Lang *lang.Spec
	// Skip, when not empty, says why the file must not be read: it is not
	// a regular file (a named pipe would block the reader), it is a
	// symlink leading out of the analysed tree, or its name is not valid
	// UTF-8. It is a Text: the reason of a file over the size cap names
	// the option that raises it.
	Skip option.Text
	// Test marks test code: the run measures it apart from production
	// code (lang.Scope). Discovery leaves it unset; the run decides it
	// from the file's language (lang.Spec.IsTest) and the configuration.
	Test bool
}

// prunedNames are file names never walked below the root, even with
// NoIgnoreFiles.
var prunedNames = map[string]bool{
	".git": true, ".venv": true, "venv": true, "env": true, ".env": true,
	"__pycache__": true, "build": true, "dist": true, "node_modules": true,
	"site-packages": true, ".mypy_cache": true, ".pytest_cache": true,
	".ruff_cache": true, ".tox": true, "target": true,
}

// Discover returns the supported source files at path, sorted by path.
//
// An explicit file must have a supported extension and is returned whatever
// the excludes and ignore files say. A directory is walked without following
// symlinks, hidden entries included, skipping entries named in the pruned
// list, entries ignored by .gitignore or .ignore files of the walked
// directories and of the root's ancestors (unless NoIgnoreFiles), files without
// a supported extension and files matching an exclude glob.
func Discover(path string, opts DiscoverOptions) ([]SourceFile, error) {
	files, _, err := DiscoverWithData(path, opts, nil, 0)
	return files, err
}

// DiscoverWithData is Discover, and DiscoverData (exts, maxSize) of the
// same directory in the same walk; the data files are nil when path is a
// file.
func DiscoverWithData(path string, opts DiscoverOptions, exts []string, maxSize int64) ([]SourceFile, []string, error) {
	fsys := vfs.Or(opts.FS)
	info, err := fsys.Stat(path)
	if err != nil {
		return nil, nil, &quietError{msg: "path does not exist: " + path, cause: err}
	}
	enabled := opts.Languages
	if enabled == nil {
		enabled = lang.Defaults()
	}
	if !info.IsDir() {
		spec := lang.ForPath(path)
		if spec == nil {
			return nil, nil, fmt.Errorf("not a supported source file: %s", path)
		}
		if !slices.Contains(enabled, spec) {
			return nil, nil, &NoFilesError{Path: path, File: true, Names: []string{spec.Name}}
		}
		resolved, err := vfs.Canonical(fsys, path)
		if err != nil {
			return nil, nil, fmt.Errorf("failed to resolve %s: %w", path, err)
		}
		f := SourceFile{Path: resolved, Lang: spec, Skip: skipReason(info, opts.MaxFileSize)}
		return []SourceFile{unnamable(f)}, nil, nil
	}

	w := &walker{fs: fsys, maxSize: opts.MaxFileSize, enabled: enabled, disabled: map[*lang.Spec]int{}}
	w.wantData(exts, maxSize)
	if err := w.walkTree(path, opts); err != nil {
		return nil, nil, err
	}
	if len(w.files) == 0 {
		return nil, nil, noFilesError(path, w.disabled)
	}
	// Path order, as the reference compares paths: component by component.
	slices.SortFunc(w.files, func(a, b SourceFile) int {
		return slices.Compare(strings.Split(a.Path, "/"), strings.Split(b.Path, "/"))
	})
	return w.files, w.sortedData(), nil
}

// walkTree walks the directory path with opts' excludes, base directory
// and ignore files (those of the root's ancestors too, unless NoIgnoreFiles),
// giving each file to keep.
func (w *walker) walkTree(path string, opts DiscoverOptions) error {
	root, err := vfs.Canonical(w.fs, path)
	if err != nil {
		return fmt.Errorf("failed to resolve %s: %w", path, err)
	}
	if w.excludes, err = compileExcludes(opts.Exclude); err != nil {
		return err
	}
	w.root, w.baseDir, w.noIgnoreFiles = root, opts.BaseDir, opts.NoIgnoreFiles
	w.warn, w.maxIgnore = opts.Warn, opts.MaxIgnoreSize
	if w.baseDir != "" {
		if resolved, err := vfs.Canonical(w.fs, w.baseDir); err == nil {
			w.baseDir = resolved
		} else {
			w.baseDir = filepath.Clean(w.baseDir)
		}
	}
	var ignores *ignoreDir
	if !opts.NoIgnoreFiles {
		ignores = w.parentIgnores(root)
	}
	return w.walk(root, ignores)
}

// excluded reports whether an exclude glob matches the file at p.
func (w *walker) excluded(p string) bool {
	rel := RelativeTo(w.baseDir, p)
	for _, re := range w.excludes {
		if re.MatchString(rel) {
			return true
		}
	}
	return false
}

type walker struct {
	fs            vfs.FS
	root          string
	excludes      []*regexp.Regexp
	baseDir       string
	noIgnoreFiles bool
	maxSize       int64
	enabled       []*lang.Spec
	disabled      map[*lang.Spec]int // files of known languages not enabled
	files         []SourceFile
	// dataExts, when set, makes the walk collect data files of those
	// extensions no larger than dataMax; dataOnly, only those.
	dataExts map[string]bool
	dataMax  int64
	dataOnly bool
	data     []string
	// warn and maxIgnore are DiscoverOptions' Warn and MaxIgnoreSize.
	warn      func(path, reason string)
	maxIgnore int64
}

// wantData makes the walk also collect the data files of the extensions
// exts (none: no data files) of at most maxSize bytes.
func (w *walker) wantData(exts []string, maxSize int64) {
	if len(exts) == 0 {
		return
	}
	w.dataExts, w.dataMax = map[string]bool{}, maxSize
	for _, e := range exts {
		w.dataExts[e] = true
	}
}

// sortedData returns the data files found, sorted, a link and its target
// counted once.
func (w *walker) sortedData() []string {
	sort.Strings(w.data)
	return slices.Compact(w.data)
}

// DiscoverData returns the regular files under the directory path whose
// extension is one of exts (without the dot), sorted, walked as Discover
// walks (ignore files, pruned names, excludes, no symlink out of the
// tree) and at most maxSize bytes each. A file path yields nothing.
func DiscoverData(path string, opts DiscoverOptions, exts []string, maxSize int64) ([]string, error) {
	fsys := vfs.Or(opts.FS)
	info, err := fsys.Stat(path)
	if err != nil || !info.IsDir() {
		return nil, nil
	}
	w := &walker{fs: fsys, dataOnly: true}
	w.wantData(exts, maxSize)
	if err := w.walkTree(path, opts); err != nil {
		return nil, err
	}
	return w.sortedData(), nil
}

// keepData adds a data file of a wanted extension that is a regular file
// inside the tree, no larger than maxSize, and matched by no exclude.
func (w *walker) keepData(p string, e fs.DirEntry) error {
	if w.excluded(p) {
		return nil
	}
	resolved, info, err := w.resolve(p, e)
	if err != nil || !utf8.ValidString(resolved) {
		return nil
	}
	if !within(w.root, resolved) {
		w.warnData(p, "symlink to "+resolved+", outside the analysed tree (not followed)")
		return nil
	}
	info, err = w.statIfNil(resolved, info)
	if err != nil {
		return nil
	}
	reason := readReason(info)
	switch {
	case !info.Mode().IsRegular():
		w.warnData(p, reason)
	case w.dataMax > 0 && info.Size() > w.dataMax:
	case reason == "":
		w.data = append(w.data, resolved)
	default:
		w.warnData(p, reason)
	}
	return nil
}

// warnData tells Warn of a data file left out that is not a regular file,
// leads out of the tree or is held without its bytes (one over the size
// cap is left out quietly, as the cap promises).
func (w *walker) warnData(p, reason string) {
	if w.warn != nil {
		w.warn(p, "data file "+reason)
	}
}

// resolve returns the canonical path of the walked entry e at p and, when
// e is not a link, its file information. The walk starts at a canonical
// root and never follows a link to a directory, so only an entry that is
// itself a link needs resolving (and its target a stat of its own).
func (w *walker) resolve(p string, e fs.DirEntry) (string, fs.FileInfo, error) {
	if e.Type()&fs.ModeSymlink == 0 {
		info, err := e.Info()
		return p, info, err
	}
	resolved, err := w.fs.EvalSymlinks(p)
	return resolved, nil, err
}

// statIfNil returns info, or the file information of path when info is
// nil.
func (w *walker) statIfNil(path string, info fs.FileInfo) (fs.FileInfo, error) {
	if info != nil {
		return info, nil
	}
	return w.fs.Stat(path)
}

// walk visits the entries of dir, whose ancestors' ignore rules are parent.
func (w *walker) walk(dir string, parent *ignoreDir) error {
	entries, err := w.fs.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("failed to walk sources: %w", err)
	}
	ignores := parent
	if !w.noIgnoreFiles {
		ignores = w.loadIgnoreDir(dir, w.root, parent)
	}
	for _, e := range entries {
		if prunedNames[e.Name()] {
			continue
		}
		p := filepath.Join(dir, e.Name())
		// DirEntry types come from lstat: a symlink to a directory is not a
		// directory here, so it is never followed.
		isDir := e.IsDir()
		if ignores.ignored(p, isDir) {
			continue
		}
		if isDir {
			if err := w.walk(p, ignores); err != nil {
				return err
			}
			continue
		}
		if err := w.keep(p, e); err != nil {
			return err
		}
	}
	return nil
}

// keep adds the file at p when it is a supported source file that no
// exclude glob matches.
func (w *walker) keep(p string, e fs.DirEntry) error {
	if w.dataExts[strings.TrimPrefix(filepath.Ext(p), ".")] {
		return w.keepData(p, e)
	}
	if w.dataOnly {
		return nil
	}
	spec := lang.ForPath(p)
	if spec == nil {
		return nil
	}
	if !slices.Contains(w.enabled, spec) {
		w.disabled[spec]++
		return nil
	}
	if w.excluded(p) {
		return nil
	}
	resolved, info, err := w.resolve(p, e)
	if err != nil {
		return fmt.Errorf("failed to resolve %s: %w", vfs.EscapePath(p), err)
	}
	f := SourceFile{Path: resolved, Lang: spec}
	if resolved != p && !within(w.root, resolved) {
		// Kept under its own name: the target is not ours to read.
		f.Path, f.Skip = p, option.Text{option.Lit("symlink to " + vfs.EscapePath(resolved) + ", outside the analysed tree (not followed)")}
	} else if info, err := w.statIfNil(resolved, info); err != nil {
		return fmt.Errorf("failed to resolve %s: %w", vfs.EscapePath(p), err)
	} else {
		f.Skip = skipReason(info, w.maxSize)
	}
	w.files = append(w.files, unnamable(f))
	return nil
}

// SkipNotUTF8 is the Skip reason of a file whose path is not valid UTF-8.
var SkipNotUTF8 = option.Text{option.Lit("file name is not valid UTF-8; not read")}

// unnamable returns f, or, when its path is not valid UTF-8, f skipped
// under its escaped path (vfs.EscapePath): such a name cannot be handed
// to ast-grep (which stops on it), written in a JSON report or matched by
// a baseline, so the file is left out with a warning rather than
// measured. The escaped path names no file; nothing reads a skipped one.
// Listed is the entry discovery makes for a file it found (info its
// Lstat): skipped unread when it is over maxFileSize (when positive) or not
// a regular file, or when its path is not UTF-8 (then escaped).
func Listed(path string, l *lang.Spec, info os.FileInfo, maxFileSize int64) SourceFile {
	return unnamable(SourceFile{Path: path, Lang: l, Skip: skipReason(info, maxFileSize)})
}

func unnamable(f SourceFile) SourceFile {
	if utf8.ValidString(f.Path) {
		return f
	}
	return SourceFile{Path: vfs.EscapePath(f.Path), Lang: f.Lang, Skip: SkipNotUTF8}
}

// ErrNoFiles is what Discover's error wraps when a tree holds no file to
// analyse.
var ErrNoFiles = errors.New("no supported source files found")

// NoFilesError is the error of a path with no file to analyse: a tree
// holding none, the reference's message followed, when it has files of
// languages not enabled, by which; or a file of a language not enabled.
// It is ErrNoFiles to errors.Is.
type NoFilesError struct {
	// Path is the analysed path.
	Path string
	// File is set when Path is a file of a language not enabled.
	File bool
	// Found counts a tree's files of each language not enabled ("3
	// go"), in report order.
	Found []string
	// Names are the languages not enabled that were found.
	Names []string
}

// Error names Options.Languages as what enables the languages.
func (e *NoFilesError) Error() string { return e.Message(option.Languages.String()) }

// Message is the error's message naming setting as the way (besides the
// configuration's languages key) to enable the languages found.
func (e *NoFilesError) Message(setting string) string {
	if e.File {
		return fmt.Sprintf("not a supported source file: %s (%s is analysed only when enabled: %s, or the languages config key)",
			e.Path, e.Names[0], setting)
	}
	msg := "no supported source files found at " + e.Path
	if len(e.Found) > 0 {
		msg += fmt.Sprintf(" (found %s files; enable them with %s or the languages config key)", strings.Join(e.Found, ", "), setting)
	}
	return msg
}

func (e *NoFilesError) Is(target error) bool { return target == ErrNoFiles }

// noFilesError is the error of a tree with no file to analyse, whose
// files of languages not enabled are counted in disabled.
func noFilesError(path string, disabled map[*lang.Spec]int) error {
	e := &NoFilesError{Path: path}
	for _, spec := range lang.All() {
		if n := disabled[spec]; n > 0 {
			e.Found = append(e.Found, fmt.Sprintf("%d %s", n, spec.Name))
			e.Names = append(e.Names, spec.Name)
		}
	}
	return e
}

// within reports whether p lies in the directory root (or is root).
func within(root, p string) bool {
	rest, ok := strings.CutPrefix(p, root)
	return ok && (rest == "" || rest[0] == '/' || root == "/")
}

// skipReason says why a file is not read: it is not a regular file, it
// is larger than max (when max > 0), or the tree holds it without its
// bytes (a commit's blob missing from the repository: vfs.UnreadReason);
// "" when it is read.
func skipReason(info os.FileInfo, max int64) option.Text {
	if info.Mode().IsRegular() && max > 0 && info.Size() > max {
		return option.Text{option.Lit(fmt.Sprintf("file of %d bytes, over the limit of %d bytes (", info.Size(), max)),
			option.Name(option.MaxFileSize), option.Lit("); not read")}
	}
	if reason := readReason(info); reason != "" {
		return option.Text{option.Lit(reason)}
	}
	return nil
}

// readReason is skipReason's for a file not over the size cap.
func readReason(info os.FileInfo) string {
	m := info.Mode()
	switch {
	case m.IsRegular():
		return vfs.UnreadReason(info)
	case m&os.ModeNamedPipe != 0:
		return "not a regular file (named pipe); not read"
	case m&os.ModeSocket != 0:
		return "not a regular file (socket); not read"
	case m&os.ModeDevice != 0:
		return "not a regular file (device); not read"
	}
	return "not a regular file; not read"
}

// RelativeTo returns p relative to base when p lies below it, else p:
// how exclude patterns see a path.
func RelativeTo(base, p string) string {
	if base == "" {
		return p
	}
	if base == "/" {
		return strings.TrimPrefix(p, "/")
	}
	rest, ok := strings.CutPrefix(p, base)
	if !ok || (rest != "" && rest[0] != '/') {
		return p
	}
	return strings.TrimPrefix(rest, "/")
}

// compileExcludes compiles exclude globs with globset semantics.
func compileExcludes(patterns []string) ([]*regexp.Regexp, error) {
	out := make([]*regexp.Regexp, 0, len(patterns))
	for _, p := range patterns {
		re, err := compileGlob(p, globOptions{})
		if err != nil {
			return nil, fmt.Errorf("invalid exclude pattern %q: %w", p, err)
		}
		out = append(out, re)
	}
	return out, nil
}

// quietError keeps a fixed message while exposing its cause to errors.Is
// and errors.As.
type quietError struct {
	msg   string
	cause error
}

func (e *quietError) Error() string { return e.msg }
func (e *quietError) Unwrap() error { return e.cause }
