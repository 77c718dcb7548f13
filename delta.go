package scbcheck

import (
	"context"
	"io"

	"github.com/scbcheck/scbcheck/change"
)

// WriteDeltaJSON writes a comparison Diff returned as one JSON object
// (change.WriteJSON), each side's report as `check --report` prints it
// under the profile that measured it (WriteReportJSON): 0.1.3's JSON
// under --compat 0.1.3, while the delta, the functions and the new
// findings are this version's.
func WriteDeltaJSON(w io.Writer, d *change.Delta) error {
	return change.WriteJSON(w, d, WriteReportJSON)
}

// DiffAllFunctions is Diff with every function in Delta.Functions, the
// unchanged ones too (change.Input.AllFunctions), in the same order:
// what `scb-check diff --all-functions` lists.
func DiffAllFunctions(ctx context.Context, opt DiffOptions) (*change.Delta, error) {
	in, err := diffInput(ctx, opt)
	if err != nil {
		return nil, err
	}
	in.AllFunctions = true
	return change.Compare(in), nil
}
