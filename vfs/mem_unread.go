package vfs

import "io/fs"

// UnreadError is the error of reading a file a Mem holds without its
// bytes (see Mem.WriteUnread). Reason says why they are not there; it
// names no path, so that a tree held at a temporary directory gives the
// same message wherever it is held.
type UnreadError struct{ Reason string }

func (e *UnreadError) Error() string { return e.Reason }

// UnreadReason is why the file described by fi (from a Mem's Stat, Lstat
// or ReadDir) is held without its bytes; "" for any other file.
func UnreadReason(fi fs.FileInfo) string {
	if e, ok := fi.Sys().(*UnreadError); ok {
		return e.Reason
	}
	return ""
}

// WriteUnread makes rel a regular file of size bytes, with the
// permission bits perm, held without its bytes (a blob over a size
// limit, or missing from a repository), replacing whatever was there:
// Stat tells its size, UnreadReason tells reason, and reading it fails
// with an *UnreadError, so that no reader takes it for an empty file nor
// hashes it as one.
func (m *Mem) WriteUnread(rel string, size int64, perm fs.FileMode, reason string) error {
	dir, base, err := m.parent(rel)
	if err != nil {
		return err
	}
	dir.children[base] = &node{mode: perm.Perm(), size: size, unread: &UnreadError{Reason: reason}}
	return nil
}
