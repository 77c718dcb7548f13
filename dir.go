package scbcheck

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/reuse"
	"github.com/scbcheck/scbcheck/source"
)

// dataExtensions are the configuration files whose dotted paths name
// symbols (Hydra's _target_, plugin registries); maxDataSize bounds each.
var dataExtensions = []string{"yaml", "yml", "json", "toml"}

const maxDataSize = 1 << 20

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

// computeDIR resolves the parsed files' imports and references into DIR.
// Paths are taken relative to the analysis root (a file's own directory
// when root is a file); [project.scripts] of the root's pyproject.toml
// declare entry modules, and a pyproject.toml that cannot be read only
// costs those, with a warning.
func computeDIR(root string, results []fileResult, discover source.DiscoverOptions) *reuse.Result {
	dir := root
	if info, err := os.Stat(root); err == nil && !info.IsDir() {
		dir = filepath.Dir(root)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	// Discovery returns canonical paths.
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	opts := reuse.Options{RootName: filepath.Base(abs)}
	scripts, scriptsErr := config.ProjectScripts(dir)
	for _, s := range scripts {
		opts.Entries = append(opts.Entries, reuse.EntryDecl{Module: s.Module, Reason: "[" + s.Table + "] " + s.Name})
	}
	var files []reuse.File
	for _, res := range results {
		if res.skipped != "" || res.reuse == nil {
			continue
		}
		rel, err := filepath.Rel(abs, res.file.Path)
		if err != nil {
			rel = filepath.Base(res.file.Path)
		}
		files = append(files, reuse.File{Path: filepath.ToSlash(rel), Lang: res.file.Lang, Facts: res.reuse})
	}
	data, dataErr := source.DiscoverData(root, discover, dataExtensions, maxDataSize)
	for _, p := range data {
		text, err := os.ReadFile(p)
		if err != nil || !utf8.Valid(text) {
			continue
		}
		rel, err := filepath.Rel(abs, p)
		if err != nil {
			continue
		}
		rel = filepath.ToSlash(rel)
		opts.Data = append(opts.Data, reuse.DataFile{Path: rel, Strings: reuse.DataStrings(text), Test: underTestDir(rel)})
	}
	out := reuse.Compute(files, opts)
	if dataErr != nil {
		out.Warnings = append(out.Warnings, reuse.FileWarning{Path: root, Message: dataErr.Error() + " (configuration files not read for DIR)"})
	}
	if scriptsErr != nil {
		out.Warnings = append([]reuse.FileWarning{{Path: "pyproject.toml", Message: scriptsErr.Error() + " (its [project.scripts] entry modules are not known)"}}, out.Warnings...)
	}
	return out
}
