package gitrepo

import (
	"context"
	"fmt"
	"strings"

	"github.com/scbcheck/scbcheck/vfs"
)

// TreeEntry is one entry of a commit's tree: a file, a symbolic link
// (ModeLink, its target the blob) or a submodule (ModeSubmodule, a
// commit of another repository).
type TreeEntry struct {
	Mode, Blob, Path string
}

// Tree lists every entry of commit hash's tree, recursively, with the
// names as raw bytes (`git ls-tree -r -z --full-tree`).
func (r *Repo) Tree(ctx context.Context, hash string) ([]TreeEntry, error) {
	out, err := r.run(ctx, "ls-tree", "-r", "-z", "--full-tree", "--end-of-options", hash)
	if err != nil {
		return nil, err
	}
	return parseTree(out)
}

// parseTree reads the output of `git ls-tree -r -z`: "MODE TYPE
// OBJECT\tPATH" records ended by NULs. Only blobs (files and links) and
// commits (submodules) are expected, at local paths.
func parseTree(out string) ([]TreeEntry, error) {
	var entries []TreeEntry
	for rec := range strings.SplitSeq(out, "\x00") {
		if rec == "" {
			continue
		}
		meta, path, ok := strings.Cut(rec, "\t")
		fields := strings.Fields(meta)
		if !ok || len(fields) != 3 || !vfs.ValidRel(path) {
			return nil, fmt.Errorf("git ls-tree: unexpected entry %q", rec)
		}
		mode, kind := fields[0], fields[1]
		switch {
		case kind == "blob" && (mode == ModeFile || mode == ModeExecutable || mode == ModeLink):
		case kind == "commit" && mode == ModeSubmodule:
		default:
			return nil, fmt.Errorf("git ls-tree: unexpected entry %q", rec)
		}
		entries = append(entries, TreeEntry{Mode: mode, Blob: fields[2], Path: path})
	}
	return entries, nil
}
