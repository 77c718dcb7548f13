//go:build !unix

package vfs

import "os"

// openFlags opens for reading; the Stat before the open is what keeps a
// named pipe from being opened here.
func openFlags(bool) int { return os.O_RDONLY }
