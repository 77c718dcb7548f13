// Package cache is a content-addressed store of byte blobs in a directory,
// shared safely by concurrent processes.
//
// A blob is filed under the SHA-256 of everything that determined it (a
// Key): whoever asks with the same key gets the same bytes back, and a key
// that changes in any part misses. Entries are written to a temporary file
// and renamed into place, so a reader sees a whole entry or none, and two
// writers of one key write the same bytes. Nothing is ever invalidated in
// place: a directory can be deleted at any time, which only costs the
// work of filling it again.
package cache
