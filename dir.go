package scbcheck

import (
	"path/filepath"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/reuse"
	"github.com/scbcheck/scbcheck/vfs"
)

// MayAffect reports whether a file named path can change what Analyze
// reports for a tree that holds it: a source file of any language, a file
// DIR reads (configuration data, manifests), a configuration file or an
// ignore file. A change to other files (documentation, images) leaves the
// report as it was, whatever the settings.
func MayAffect(path string) bool {
	base := filepath.Base(path)
	return lang.ForPath(base) != nil || base == ".gitignore" || base == ".ignore" || reuse.Reads(base)
}

// computeDIR computes DIR of the analysed files (reuse.Run); found are
// the files of reuse.ReadExtensions discovered with the sources. The file
// cache, when there is one, serves the configuration files' strings. No
// file larger than max bytes is read (none when max is 0).
func computeDIR(fsys vfs.FS, root string, results []fileResult, found []string, fc *fileCache, max int64) *reuse.Result {
	sources := make([]reuse.Source, len(results))
	for k, res := range results {
		sources[k] = reuse.Source{Path: res.file.Path, Lang: res.file.Lang, Facts: res.reuse, Skipped: res.skipped != ""}
	}
	return reuse.Run(reuse.Input{FS: fsys, Root: root, Sources: sources, Found: found, MaxSize: max,
		DataStrings: func(p string, text []byte) []string { return fc.dataStrings(fsys, p, text) }})
}
