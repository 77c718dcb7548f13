//go:build unix

package safefile

import (
	"errors"
	"os"
	"syscall"
)

// errHeld is tryLock's answer when the lock is held elsewhere.
var errHeld = errors.New("held")

// tryLock takes flock(2)'s exclusive lock without waiting. Linux emulates
// flock on NFS with a lock of the whole file that the server arbitrates.
func tryLock(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return errHeld
		}
		return err
	}
}
