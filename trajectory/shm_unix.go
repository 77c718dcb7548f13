//go:build unix

package trajectory

import "syscall"

// freeBytes is the room left on the file system holding dir, or 0 when it
// cannot be told.
func freeBytes(dir string) uint64 {
	var st syscall.Statfs_t
	if syscall.Statfs(dir, &st) != nil {
		return 0
	}
	return uint64(st.Bavail) * uint64(st.Bsize)
}
