//go:build unix

package safefile

import (
	"errors"
	"io/fs"
	"syscall"
)

// noFollow makes an open fail on a symbolic link instead of following it.
const noFollow = syscall.O_NOFOLLOW

// isLoop reports whether an open failed because noFollow met a link.
func isLoop(err error) bool { return errors.Is(err, syscall.ELOOP) }

// hardLinks is the number of names of an open file.
func hardLinks(info fs.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}
