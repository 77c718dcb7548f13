// Package vfs is the file tree an analysis reads: the operating system's
// (OS), or a snapshot held in memory (Mem) laid over it at one directory,
// so that the commits of a git history are analysed without writing them
// out. Names are operating-system paths, absolute or relative to the
// working directory, as the rest of the module uses them.
package vfs
