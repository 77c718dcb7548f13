package scbcheck

import (
	"bytes"
	"fmt"
	"path/filepath"

	"github.com/scbcheck/scbcheck/change"
	"github.com/scbcheck/scbcheck/internal/treediff"
	"github.com/scbcheck/scbcheck/vfs"
)

// compareInput is what change.Compare needs of the two measured sides:
// their reports, the files renamed (followed as git follows them when
// renames is set, else none: files match by path) and the lines each
// changed head file added or changed. The files are those the reports
// measured, their bytes read again from each tree (max caps each, as it
// capped the analysis).
func compareInput(base, head *diffSide, renames bool, max int64) (change.Input, error) {
	in := change.Input{Base: base.report, Head: head.report, Renames: map[string]string{}, Changed: map[string][]int{}}
	baseFiles, err := base.files(max)
	if err != nil {
		return in, err
	}
	headFiles, err := head.files(max)
	if err != nil {
		return in, err
	}
	if renames {
		removed, added := map[string][]byte{}, map[string][]byte{}
		for p, b := range baseFiles {
			if _, kept := headFiles[p]; !kept {
				removed[p] = b
			}
		}
		for p, b := range headFiles {
			if _, had := baseFiles[p]; !had {
				added[p] = b
			}
		}
		in.Renames = treediff.Renames(removed, added)
	}
	for p, b := range headFiles {
		from := p
		if r, ok := in.Renames[p]; ok {
			from = r
		}
		old, had := baseFiles[from]
		if had && bytes.Equal(old, b) {
			continue
		}
		in.Changed[p] = treediff.ChangedLines(old, b)
	}
	return in, nil
}

// files reads the bytes of each file the side's report measured, by its
// path in the report.
func (s *diffSide) files(max int64) (map[string][]byte, error) {
	out := make(map[string][]byte, len(s.report.Files))
	for _, f := range s.report.Files {
		b, err := vfs.ReadRegularIn(s.fs, s.root, filepath.Join(s.root, filepath.FromSlash(f.Path)), max)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", s.name, f.Path, err)
		}
		out[f.Path] = b
	}
	return out, nil
}
