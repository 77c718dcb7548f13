//go:build !unix

package safefile

import (
	"errors"
	"os"
)

// errHeld is tryLock's answer when the lock is held elsewhere.
var errHeld = errors.New("held")

// tryLock: no lock here, which is refused rather than ignored.
func tryLock(*os.File) error { return errors.ErrUnsupported }
