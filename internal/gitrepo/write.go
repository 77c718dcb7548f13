package gitrepo

import (
	"context"
	"io/fs"

	"github.com/scbcheck/scbcheck/vfs"
)

// WriteTree writes the tree of commit hash into mem, at its root: the
// entries listed by Tree, written by WriteEntries. links is set when the
// tree holds a symbolic link.
func (r *Repo) WriteTree(ctx context.Context, hash string, mem *vfs.Mem) (links bool, err error) {
	entries, err := r.Tree(ctx, hash)
	if err != nil {
		return false, err
	}
	return r.WriteEntries(ctx, entries, mem)
}

// WriteIndex writes the content staged in the index into mem, at its
// root: the entries listed by Index (of the index file file, the
// repository's when empty), written by WriteEntries. links is set when
// the index holds a symbolic link.
func (r *Repo) WriteIndex(ctx context.Context, file string, mem *vfs.Mem) (links bool, err error) {
	entries, err := r.Index(ctx, file)
	if err != nil {
		return false, err
	}
	return r.WriteEntries(ctx, entries, mem)
}

// WriteEntries writes entries into mem at their paths: an empty directory
// for a submodule (as a clone has it), and for a file or a symbolic link
// its blob read raw by ReadBlobs (see WriteBlob). links is set when one
// of them is a symbolic link.
func (r *Repo) WriteEntries(ctx context.Context, entries []TreeEntry, mem *vfs.Mem) (links bool, err error) {
	var blobs []TreeEntry
	var hashes []string
	for _, e := range entries {
		if e.Mode == ModeSubmodule {
			if err := mem.Mkdir(e.Path); err != nil {
				return false, err
			}
			continue
		}
		blobs = append(blobs, e)
		hashes = append(hashes, e.Blob)
	}
	contents, err := r.ReadBlobs(ctx, hashes)
	if err != nil {
		return false, err
	}
	for i, e := range blobs {
		links = links || e.Mode == ModeLink
		if err := WriteBlob(mem, e.Path, e.Mode, contents[i]); err != nil {
			return links, err
		}
	}
	return links, nil
}

// WriteBlob writes a blob of the given git mode at rel: a symbolic link
// (its target is the blob), an executable or a regular file. A blob not
// read (missing, or over the limit) is a regular file of its size held
// without its bytes, the reason kept (see vfs.Mem.WriteUnread): discovery
// skips it with that reason and nothing reads it as empty.
func WriteBlob(mem *vfs.Mem, rel, mode string, b Blob) error {
	perm := fs.FileMode(0o644)
	if mode == ModeExecutable {
		perm = 0o755
	}
	switch {
	case b.Unread != "" && mode == ModeLink:
		return mem.WriteUnread(rel, b.Size, perm, "symbolic link not made: "+b.Unread)
	case b.Unread != "":
		return mem.WriteUnread(rel, b.Size, perm, b.Unread)
	case mode == ModeLink:
		// Discovery names links leading out of the tree, and the tree
		// never follows them out (see vfs.Mem).
		return mem.Symlink(string(b.Data), rel)
	}
	return mem.WriteFile(rel, b.Data, perm)
}
