//go:build !unix

package safefile

import "io/fs"

// noFollow is not available here: the Lstat before each open and the
// check that the opened file is the one seen stand in for it.
const noFollow = 0

// isLoop reports whether an open failed because noFollow met a link.
func isLoop(error) bool { return false }

// hardLinks is the number of names of an open file: not known here.
func hardLinks(fs.FileInfo) uint64 { return 1 }
