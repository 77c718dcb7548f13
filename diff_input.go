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
// changed head file added or changed. A file is unchanged when the runs
// read the same bytes on both sides (their SHA-256); the bytes of the
// others (changed, added, removed) are read again from each tree (max
// caps each, as it capped the analysis), those alone.
func compareInput(base, head *diffSide, renames bool, max int64) (change.Input, error) {
	in := change.Input{Base: base.report, Head: head.report, Renames: map[string]string{}, Changed: map[string][]int{}}
	baseFiles, headFiles := base.paths(), head.paths()
	// same reports whether head file p holds the bytes of base file from.
	same := func(p, from string) bool {
		b, okb := base.sums[from]
		h, okh := head.sums[p]
		return okb && okh && b == h
	}
	if renames {
		removed, added := map[string][]byte{}, map[string][]byte{}
		for _, f := range base.report.Files {
			if p := f.Path; !headFiles[p] {
				b, err := base.file(p, max)
				if err != nil {
					return in, err
				}
				removed[p] = b
			}
		}
		for _, f := range head.report.Files {
			if p := f.Path; !baseFiles[p] {
				b, err := head.file(p, max)
				if err != nil {
					return in, err
				}
				added[p] = b
			}
		}
		in.Renames = treediff.Renames(removed, added)
	}
	for _, f := range head.report.Files {
		p, from := f.Path, f.Path
		if r, ok := in.Renames[p]; ok {
			from = r
		}
		if baseFiles[from] && same(p, from) {
			continue
		}
		b, err := head.file(p, max)
		if err != nil {
			return in, err
		}
		var old []byte
		if baseFiles[from] {
			if old, err = base.file(from, max); err != nil {
				return in, err
			}
			if bytes.Equal(old, b) {
				continue
			}
		}
		in.Changed[p] = treediff.ChangedLines(old, b)
	}
	return in, nil
}

// paths are the paths of the files the side's report measured.
func (s *diffSide) paths() map[string]bool {
	out := make(map[string]bool, len(s.report.Files))
	for _, f := range s.report.Files {
		out[f.Path] = true
	}
	return out
}

// file reads the bytes of a file the side's report measured, by its path
// in the report.
func (s *diffSide) file(p string, max int64) ([]byte, error) {
	b, err := vfs.ReadRegularIn(s.fs, s.root, filepath.Join(s.root, filepath.FromSlash(p)), max)
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %w", s.name, p, err)
	}
	return b, nil
}
