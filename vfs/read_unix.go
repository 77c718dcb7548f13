//go:build unix

package vfs

import (
	"os"
	"syscall"
)

// openFlags opens for reading without blocking on a named pipe and
// without making a terminal the controlling one; nofollow refuses a last
// component that is a link.
func openFlags(nofollow bool) int {
	flags := os.O_RDONLY | syscall.O_NONBLOCK | syscall.O_NOCTTY
	if nofollow {
		flags |= syscall.O_NOFOLLOW
	}
	return flags
}
