package scbcheck

import (
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
