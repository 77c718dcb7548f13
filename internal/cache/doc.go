// Package cache is a content-addressed store of byte blobs in a directory,
// shared safely by concurrent processes.
//
// A blob is filed under the SHA-256 of everything that determined it (a
// Key): whoever asks with the same key gets the same bytes back, and a key
// that changes in any part misses. A Dir appends the blobs it is given to
// a pack file of its own and, when closed (or when the pack is full),
// writes the pack's index: other processes read a pack only once its
// index exists, so they see whole entries or none, and a few files hold a
// whole run's entries (creating one file per entry costs more than the
// entry on most disks). Open merges the packs when they grow many. Each
// entry's record in a pack carries its key, its length and a SHA-256 of
// them and of its bytes: a changed byte, a pack cut short or an index
// pointing at the wrong record makes Get report the entry damaged
// (ErrDamaged), a miss, never other bytes.
// Nothing is ever invalidated in place: a directory can be deleted at any
// time, which only costs the work of filling it again.
package cache
