package reuse

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/vfs"
)

// dataExtensions are the configuration files whose dotted paths name
// symbols (Hydra's _target_, plugin registries).
var dataExtensions = []string{"yaml", "yml", "json", "toml"}

// ReadExtensions returns the extensions, without the dot, of the files
// DIR reads besides the sources: configuration data and every language's
// manifests. Discovery collects them for Input.Found.
func ReadExtensions() []string {
	exts := slices.Clone(dataExtensions)
	for _, spec := range lang.All() {
		for _, m := range spec.Exports.Manifests {
			if e := strings.TrimPrefix(filepath.Ext(m.Name), "."); !slices.Contains(exts, e) {
				exts = append(exts, e)
			}
		}
	}
	return exts
}

// Reads reports whether DIR reads files of this base name besides the
// sources: its extension is one of ReadExtensions.
func Reads(name string) bool {
	ext := strings.TrimPrefix(filepath.Ext(name), ".")
	return ext != "" && slices.Contains(ReadExtensions(), ext)
}

// underTestDir reports whether a slash-separated path lies in a test
// directory of any language.
func underTestDir(p string) bool {
	segs := strings.Split(p, "/")
	for _, spec := range lang.All() {
		for _, d := range spec.Exports.TestDirs {
			if slices.Contains(segs[:len(segs)-1], d) {
				return true
			}
		}
	}
	return false
}

// Source is one discovered source file as Collect reads it.
type Source struct {
	// Path is the file's path in Input.FS, as discovered.
	Path string
	Lang *lang.Spec
	// Facts are the file's DIR facts (Extract), nil when it has none.
	Facts *Facts
	// Skipped marks a file that was not analysed (unreadable,
	// unparsable): an include or relative import naming it is not
	// reported unresolved.
	Skipped bool
}

// Input is what Collect gathers DIR's input from.
type Input struct {
	// FS is the file tree; the operating system's when nil.
	FS vfs.FS
	// Root is the analysis root: a directory, or a file whose directory
	// is then the root. Paths are reported relative to it.
	Root string
	// Sources are the discovered source files.
	Sources []Source
	// Found are the files of ReadExtensions discovered with the sources
	// (configuration data and manifests).
	Found []string
	// MaxSize bounds every file read, in bytes (none when 0).
	MaxSize int64
	// DataStrings, when set, returns DataStrings of a configuration
	// file's text read at path (a cache may serve them); DataStrings
	// itself when nil.
	DataStrings func(path string, text []byte) []string
}

// Run collects DIR's input (Collect) and computes it; the problems met
// collecting come first among the result's warnings.
func Run(in Input) *Result {
	files, opts, warns := Collect(in)
	out := Compute(files, opts)
	out.Warnings = append(warns, out.Warnings...)
	return out
}

// Collect gathers Compute's input: the sources with facts, with paths
// relative to the root, the skipped ones, the configuration files of
// dataExtensions among Found, the manifests of the languages present
// (see readManifests) and the entry modules the [project.scripts] and
// [project.gui-scripts] tables of the root's pyproject.toml declare. A
// pyproject.toml or manifest that cannot be read only costs what it
// declares: it is a warning.
func Collect(in Input) ([]File, Options, []FileWarning) {
	fsys := vfs.Or(in.FS)
	dir := in.Root
	if info, err := fsys.Stat(dir); err == nil && !info.IsDir() {
		dir = filepath.Dir(dir)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	// Discovery returns canonical paths.
	if real, err := fsys.EvalSymlinks(abs); err == nil {
		abs = real
	}
	opts := Options{RootName: filepath.Base(abs)}
	var warns []FileWarning
	scripts, err := config.ProjectScriptsFS(fsys, dir, in.MaxSize)
	if err != nil {
		warns = append(warns, FileWarning{Path: "pyproject.toml", Message: err.Error() + " (its [project.scripts] entry modules are not known)"})
	}
	for _, s := range scripts {
		opts.Entries = append(opts.Entries, EntryDecl{Module: s.Module, Reason: "[" + s.Table + "] " + s.Name})
	}
	var files []File
	present := map[*lang.Spec]bool{}
	for _, src := range in.Sources {
		rel, err := filepath.Rel(abs, src.Path)
		if err != nil {
			rel = filepath.Base(src.Path)
		}
		if src.Skipped {
			opts.Unparsed = append(opts.Unparsed, filepath.ToSlash(rel))
			continue
		}
		if src.Facts == nil {
			continue
		}
		present[src.Lang] = true
		files = append(files, File{Path: filepath.ToSlash(rel), Lang: src.Lang, Facts: src.Facts})
	}
	strs := in.DataStrings
	if strs == nil {
		strs = func(_ string, text []byte) []string { return DataStrings(text) }
	}
	for _, p := range in.Found {
		if !slices.Contains(dataExtensions, strings.TrimPrefix(filepath.Ext(p), ".")) {
			continue
		}
		text, err := vfs.ReadRegularIn(fsys, abs, p, in.MaxSize)
		if err != nil || !utf8.Valid(text) {
			continue
		}
		rel, err := filepath.Rel(abs, p)
		if err != nil {
			continue
		}
		rel = filepath.ToSlash(rel)
		opts.Data = append(opts.Data, DataFile{Path: rel, Strings: strs(p, text), Test: underTestDir(rel)})
	}
	manifests, manifestWarns := readManifests(fsys, abs, present, in.Found, in.MaxSize)
	opts.Manifests = manifests
	return files, opts, append(warns, manifestWarns...)
}

// readManifests reads the manifests (go.mod, package.json) of the
// languages present: those in the tree below abs (walked as discovery
// walks) and, for a name not found at abs itself, the nearest one above
// it. A manifest that cannot be read is a warning: one that is not a
// regular file, over max bytes, or a link leading out of the tree (for
// one above the tree, out of its own directory) is not read.
func readManifests(fsys vfs.FS, abs string, present map[*lang.Spec]bool, found []string, max int64) ([]Manifest, []FileWarning) {
	names := map[string]bool{}
	for _, spec := range lang.All() {
		if !present[spec] {
			continue
		}
		for _, m := range spec.Exports.Manifests {
			names[m.Name] = true
		}
	}
	if len(names) == 0 {
		return nil, nil
	}
	var out []Manifest
	var warns []FileWarning
	read := func(p, within, dir string) (Manifest, bool) {
		text, err := vfs.ReadRegularIn(fsys, within, p, max)
		if err != nil {
			err = fmt.Errorf("%s: not read: %w", filepath.Base(p), err)
		} else {
			var m Manifest
			if m, err = ReadManifest(dir, filepath.Base(p), text); err == nil {
				return m, true
			}
		}
		rel, relErr := filepath.Rel(abs, p)
		if relErr != nil {
			rel = filepath.Base(p)
		}
		warns = append(warns, FileWarning{Path: filepath.ToSlash(rel),
			Message: err.Error() + " (its module path and entries are not known)"})
		return Manifest{}, false
	}
	atRoot := map[string]bool{}
	for _, p := range found {
		if !names[filepath.Base(p)] {
			continue
		}
		rel, err := filepath.Rel(abs, filepath.Dir(p))
		if err != nil {
			continue
		}
		dir := strings.TrimPrefix(filepath.ToSlash(rel), ".")
		if m, ok := read(p, abs, dir); ok {
			out = append(out, m)
			atRoot[m.Name] = atRoot[m.Name] || dir == ""
		}
	}
	sorted := make([]string, 0, len(names))
	for n := range names {
		sorted = append(sorted, n)
	}
	slices.Sort(sorted)
	for _, name := range sorted {
		if atRoot[name] {
			continue
		}
		for up, down := filepath.Dir(abs), filepath.Base(abs); up != filepath.Dir(up); up, down = filepath.Dir(up), filepath.Base(up)+"/"+down {
			p := filepath.Join(up, name)
			if _, err := fsys.Lstat(p); err != nil {
				continue
			}
			if m, ok := read(p, up, ""); ok {
				out = append(out, m.From(down))
			}
			break
		}
	}
	return out, warns
}
