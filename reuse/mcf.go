package reuse

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/scbcheck/scbcheck/vfs"
)

// MCF is mean component faithfulness: the mean of externally judged
// per-component scores on SLUMP's 0-4 rubric, or a single given mean.
type MCF struct {
	// Value is the mean, 0 to 4.
	Value float64
	// Components are the scored components, empty when the file gave
	// only the mean.
	Components []Component
	// RubricVersion and Judge are recorded as given.
	RubricVersion, Judge string
	// File is the path the scores came from.
	File string
}

// Component is one judged design commitment.
type Component struct {
	ID       string
	Score    int
	Evidence string
}

type mcfFile struct {
	MCF        *float64 `json:"mcf"`
	Components *[]struct {
		ID       *string  `json:"id"`
		Score    *float64 `json:"score"`
		Evidence string   `json:"evidence"`
	} `json:"components"`
	RubricVersion string `json:"rubric_version"`
	Judge         string `json:"judge"`
}

// LoadMCF reads an MCF score file: either {"mcf": 3.1} or
// {"components": [{"id": "C1", "score": 4, "evidence": "..."}, ...]}
// (with optional "rubric_version" and "judge"). Scores are integer levels
// 0-4, a given mean any number from 0 to 4; every problem is reported,
// naming the file and the offending entry. The file must be a regular
// file (a link to one counts) of at most vfs.DefaultMaxRead bytes.
func LoadMCF(path string) (*MCF, error) {
	return LoadMCFLimit(path, vfs.DefaultMaxRead)
}

// LoadMCFLimit is LoadMCF with a cap of max bytes (none when max <= 0).
func LoadMCFLimit(path string, max int64) (*MCF, error) {
	data, err := vfs.ReadRegular(vfs.OS, path, max)
	if err != nil {
		return nil, fmt.Errorf("%s: failed to read MCF scores: %w", path, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f mcfFile
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("%s: invalid MCF scores: %w", path, describeJSONError(data, err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%s: invalid MCF scores: more than one JSON value", path)
	}
	out := &MCF{RubricVersion: f.RubricVersion, Judge: f.Judge, File: path}
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s: "+format, append([]any{path}, args...)...))
	}
	switch {
	case f.MCF != nil && f.Components != nil:
		bad(`give either "mcf" or "components", not both`)
	case f.MCF != nil:
		if v := *f.MCF; math.IsNaN(v) || v < 0 || v > 4 {
			bad(`"mcf": %v is outside 0-4`, v)
		} else {
			out.Value = v
		}
	case f.Components != nil:
		if len(*f.Components) == 0 {
			bad(`"components" is empty: MCF needs at least one scored component`)
		}
		seen := map[string]int{}
		sum := 0
		for k, c := range *f.Components {
			where := fmt.Sprintf("components[%d]", k)
			if c.ID == nil || *c.ID == "" {
				bad("%s: missing \"id\"", where)
				continue
			}
			where += " (" + *c.ID + ")"
			if prev, dup := seen[*c.ID]; dup {
				bad("%s: id repeats components[%d]", where, prev)
				continue
			}
			seen[*c.ID] = k
			switch {
			case c.Score == nil:
				bad("%s: missing \"score\"", where)
			case *c.Score != math.Trunc(*c.Score) || *c.Score < 0 || *c.Score > 4:
				bad("%s: score %v is not an integer level from 0 to 4", where, *c.Score)
			default:
				s := int(*c.Score)
				sum += s
				out.Components = append(out.Components, Component{ID: *c.ID, Score: s, Evidence: c.Evidence})
			}
		}
		if len(out.Components) > 0 {
			out.Value = float64(sum) / float64(len(out.Components))
		}
	default:
		bad(`no scores: give "mcf" (a mean from 0 to 4) or "components"`)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return out, nil
}

// describeJSONError adds the line and column to a decoding error.
func describeJSONError(data []byte, err error) error {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	if off < 0 {
		return err
	}
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := int(off) - bytes.LastIndexByte(data[:off], '\n')
	return fmt.Errorf("line %d, column %d: %w", line, col, err)
}

// IF50 is SLUMP's composite 0.5*(MCF/4) + 0.5*DIR; nil when either part
// is missing.
func IF50(mcf *MCF, dir *float64) *float64 {
	if mcf == nil || dir == nil {
		return nil
	}
	v := 0.5*(mcf.Value/4) + 0.5**dir
	return &v
}
