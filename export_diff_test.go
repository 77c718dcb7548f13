package scbcheck

import (
	"context"

	"github.com/scbcheck/scbcheck/change"
)

// DiffInput exposes to the tests what Diff hands change.Compare: the
// renames and changed lines it found.
func DiffInput(ctx context.Context, opt DiffOptions) (change.Input, error) {
	in, _, err := diffInput(ctx, opt)
	return in, err
}
