package gitrepo

import (
	"context"
	"io/fs"

	"github.com/scbcheck/scbcheck/vfs"
)

// WriteTree writes the tree of commit hash into mem, at its root: the
// entries listed by Tree, written by WriteEntries (read as there). links
// is set when the tree holds a symbolic link.
func (r *Repo) WriteTree(ctx context.Context, hash string, mem *vfs.Mem, read func(path string) bool) (links bool, err error) {
	entries, err := r.Tree(ctx, hash)
	if err != nil {
		return false, err
	}
	return r.WriteEntries(ctx, entries, mem, read)
}

// WriteIndex writes the content staged in the index into mem, at its
// root: the entries listed by Index (of the index file file, the
// repository's when empty), written by WriteEntries (read as there).
// links is set when the index holds a symbolic link.
func (r *Repo) WriteIndex(ctx context.Context, file string, mem *vfs.Mem, read func(path string) bool) (links bool, err error) {
	entries, err := r.Index(ctx, file)
	if err != nil {
		return false, err
	}
	return r.WriteEntries(ctx, entries, mem, read)
}

// WriteEntries writes entries into mem at their paths: an empty directory
// for a submodule (as a clone has it), and for a file or a symbolic link
// its blob read raw by ReadBlobs (see WriteBlob). With read set, only the
// files it selects (by path) and the links are read now; every other
// file is written lazy (vfs.Mem.WriteLazy: its size asked of git when
// something first wants it, its blob read by ReadBlobs the first time
// something reads it, with ctx, until Close), so that a tree of which an
// analysis reads a few files costs those files. links is set when one of the entries is a symbolic link.
func (r *Repo) WriteEntries(ctx context.Context, entries []TreeEntry, mem *vfs.Mem, read func(path string) bool) (links bool, err error) {
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
	lazy := func(i int) bool { return read != nil && blobs[i].Mode != ModeLink && !read(blobs[i].Path) }
	contents, err := r.readBlobs(ctx, hashes, lazy)
	if err != nil {
		return false, err
	}
	for i, e := range blobs {
		links = links || e.Mode == ModeLink
		b := contents[i]
		if b.Data == nil && b.Unread == "" && lazy(i) {
			hash := e.Blob
			err = mem.WriteLazy(e.Path, perm(e.Mode), func() (int64, error) { return r.blobSize(ctx, hash) }, r.blobLoader(ctx, hash))
		} else {
			err = WriteBlob(mem, e.Path, e.Mode, b)
		}
		if err != nil {
			return links, err
		}
	}
	return links, nil
}

// blobLoader reads blob hash for a lazy file of a tree: its bytes, or
// why they cannot be read (a blob git no longer has, or one over the
// limit, is an *vfs.UnreadError with the reason, as when a tree is
// written).
func (r *Repo) blobLoader(ctx context.Context, hash string) func() ([]byte, error) {
	return func() ([]byte, error) {
		got, err := r.ReadBlobs(ctx, []string{hash})
		if err != nil {
			return nil, err
		}
		if got[0].Unread != "" {
			return nil, &vfs.UnreadError{Reason: got[0].Unread}
		}
		return got[0].Data, nil
	}
}

// perm is the permission bits a file of the git mode is written with.
func perm(mode string) fs.FileMode {
	if mode == ModeExecutable {
		return 0o755
	}
	return 0o644
}

// WriteBlob writes a blob of the given git mode at rel: a symbolic link
// (its target is the blob), an executable or a regular file. A blob not
// read (missing, or over the limit) is a regular file of its size held
// without its bytes, the reason kept (see vfs.Mem.WriteUnread): discovery
// skips it with that reason and nothing reads it as empty.
func WriteBlob(mem *vfs.Mem, rel, mode string, b Blob) error {
	switch {
	case b.Unread != "" && mode == ModeLink:
		return mem.WriteUnread(rel, b.Size, perm(mode), "symbolic link not made: "+b.Unread)
	case b.Unread != "":
		return mem.WriteUnread(rel, b.Size, perm(mode), b.Unread)
	case mode == ModeLink:
		// Discovery names links leading out of the tree, and the tree
		// never follows them out (see vfs.Mem).
		return mem.Symlink(string(b.Data), rel)
	}
	return mem.WriteFile(rel, b.Data, perm(mode))
}
