package engine

import (
	"encoding/json"

	"github.com/scbcheck/scbcheck/clones"
	"github.com/scbcheck/scbcheck/erosion"
	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/reuse"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
)

// Result is what one file contributes to a run; the tree is gone by
// then.
type Result struct {
	File    source.SourceFile
	Skipped option.Text
	Lines   int
	Nodes   int
	SLOC    source.Lines
	Fns     []source.Callable
	Cx      []erosion.Complexity
	Clones  []clones.Candidate
	Facts   rules.FileFacts
	Reuse   *reuse.Facts
	// ProfileData is the profile's per-file slot (Profile.FileData; nil
	// when the profile has none).
	ProfileData json.RawMessage
	// Directives are the file's scbc directives; IgnoreErr is the first
	// problem with them found while parsing (unknown ids, no target...),
	// which stops the run as in the reference.
	Directives []source.Directive
	IgnoreErr  error
}
