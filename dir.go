package scbcheck

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/internal/engine"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/reuse"
	"github.com/scbcheck/scbcheck/vfs"
)

// dataExtensions are the configuration files whose dotted paths name
// symbols (Hydra's _target_, plugin registries); Options.MaxConfigSize
// bounds each.
var dataExtensions = []string{"yaml", "yml", "json", "toml"}

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

// dirDataExtensions are the extensions of the files computeDIR reads
// besides the sources: configuration files and every language's
// manifests.
// mayAffect is Session.MayAffect.
func mayAffect(path string) bool {
	base := filepath.Base(path)
	if lang.ForPath(base) != nil || base == ".gitignore" || base == ".ignore" {
		return true
	}
	ext := strings.TrimPrefix(filepath.Ext(base), ".")
	return ext != "" && slices.Contains(dirDataExtensions(), ext)
}

// fileResult is what one file contributes to a run.
type fileResult = engine.Result

func dirDataExtensions() []string {
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

// computeDIR resolves the parsed files' imports and references into DIR.
// found are the files of dirDataExtensions discovered with the sources.
// Paths are taken relative to the analysis root (a file's own directory
// when root is a file); [project.scripts] of the root's pyproject.toml
// declare entry modules, and a pyproject.toml that cannot be read only
// costs those, with a warning. No file larger than max bytes is read
// (none when max is 0).
func computeDIR(fsys vfs.FS, root string, results []fileResult, found []string, dataStrings func(vfs.FS, string, []byte) []string, max int64) *reuse.Result {
	dir := root
	if info, err := fsys.Stat(root); err == nil && !info.IsDir() {
		dir = filepath.Dir(root)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	// Discovery returns canonical paths.
	if real, err := fsys.EvalSymlinks(abs); err == nil {
		abs = real
	}
	opts := reuse.Options{RootName: filepath.Base(abs)}
	scripts, scriptsErr := config.ProjectScriptsFS(fsys, dir, max)
	for _, s := range scripts {
		opts.Entries = append(opts.Entries, reuse.EntryDecl{Module: s.Module, Reason: "[" + s.Table + "] " + s.Name})
	}
	var files []reuse.File
	present := map[*lang.Spec]bool{}
	for _, res := range results {
		rel, err := filepath.Rel(abs, res.File.Path)
		if err != nil {
			rel = filepath.Base(res.File.Path)
		}
		if res.Skipped != "" {
			opts.Unparsed = append(opts.Unparsed, filepath.ToSlash(rel))
		}
		if res.Skipped != "" || res.Reuse == nil {
			continue
		}
		present[res.File.Lang] = true
		files = append(files, reuse.File{Path: filepath.ToSlash(rel), Lang: res.File.Lang, Facts: res.Reuse})
	}
	for _, p := range found {
		if !slices.Contains(dataExtensions, strings.TrimPrefix(filepath.Ext(p), ".")) {
			continue
		}
		text, err := vfs.ReadRegularIn(fsys, abs, p, max)
		if err != nil || !utf8.Valid(text) {
			continue
		}
		rel, err := filepath.Rel(abs, p)
		if err != nil {
			continue
		}
		rel = filepath.ToSlash(rel)
		opts.Data = append(opts.Data, reuse.DataFile{Path: rel, Strings: dataStrings(fsys, p, text), Test: underTestDir(rel)})
	}
	manifests, manifestWarns := readManifests(fsys, abs, present, found, max)
	opts.Manifests = manifests
	out := reuse.Compute(files, opts)
	out.Warnings = append(manifestWarns, out.Warnings...)
	if scriptsErr != nil {
		out.Warnings = append([]reuse.FileWarning{{Path: "pyproject.toml", Message: scriptsErr.Error() + " (its [project.scripts] entry modules are not known)"}}, out.Warnings...)
	}
	return out
}

// readManifests reads the manifests (go.mod, package.json) of the
// languages present: those in the tree below abs (walked as discovery
// walks) and, for a name not found at abs itself, the nearest one above
// it. A manifest that cannot be read is a warning: one that is not a
// regular file, over max bytes, or a link leading out of the tree (for
// one above the tree, out of its own directory) is not read.
func readManifests(fsys vfs.FS, abs string, present map[*lang.Spec]bool, found []string, max int64) ([]reuse.Manifest, []reuse.FileWarning) {
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
	var out []reuse.Manifest
	var warns []reuse.FileWarning
	read := func(p, within, dir string) (reuse.Manifest, bool) {
		text, err := vfs.ReadRegularIn(fsys, within, p, max)
		if err != nil {
			err = fmt.Errorf("%s: not read: %w", filepath.Base(p), err)
		} else {
			var m reuse.Manifest
			if m, err = reuse.ReadManifest(dir, filepath.Base(p), text); err == nil {
				return m, true
			}
		}
		rel, relErr := filepath.Rel(abs, p)
		if relErr != nil {
			rel = filepath.Base(p)
		}
		warns = append(warns, reuse.FileWarning{Path: filepath.ToSlash(rel),
			Message: err.Error() + " (its module path and entries are not known)"})
		return reuse.Manifest{}, false
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
