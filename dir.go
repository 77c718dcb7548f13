package scbcheck

import (
	"path/filepath"

	"github.com/scbcheck/scbcheck/internal/engine"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/reuse"
	"github.com/scbcheck/scbcheck/vfs"
)

// mayAffect is Session.MayAffect.
func mayAffect(path string) bool {
	base := filepath.Base(path)
	return lang.ForPath(base) != nil || base == ".gitignore" || base == ".ignore" || reuse.Reads(base)
}

// fileResult is what one file contributes to a run.
type fileResult = engine.Result

// computeDIR computes DIR of the analysed files (reuse.Run); found are
// the files of reuse.ReadExtensions discovered with the sources.
// dataStrings serves the configuration files' strings (from the file
// cache, when there is one). No file larger than max bytes is read (none
// when max is 0).
func computeDIR(fsys vfs.FS, root string, results []fileResult, found []string, dataStrings func(string, []byte) []string, max int64) *reuse.Result {
	sources := make([]reuse.Source, len(results))
	for k, res := range results {
		sources[k] = reuse.Source{Path: res.File.Path, Lang: res.File.Lang, Facts: res.Reuse, Skipped: res.Skipped != ""}
	}
	return reuse.Run(reuse.Input{FS: fsys, Root: root, Sources: sources, Found: found, MaxSize: max, DataStrings: dataStrings})
}
