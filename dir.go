package scbcheck

import (
	"os"
	"path/filepath"

	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/reuse"
)

// computeDIR resolves the parsed files' imports and references into DIR.
// Paths are taken relative to the analysis root (a file's own directory
// when root is a file); [project.scripts] of the root's pyproject.toml
// declare entry modules, and a pyproject.toml that cannot be read only
// costs those, with a warning.
func computeDIR(root string, results []fileResult) *reuse.Result {
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
	out := reuse.Compute(files, opts)
	if scriptsErr != nil {
		out.Warnings = append([]reuse.FileWarning{{Path: "pyproject.toml", Message: scriptsErr.Error() + " (its [project.scripts] entry modules are not known)"}}, out.Warnings...)
	}
	return out
}
