package gitrepo

import (
	"context"
	"errors"
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

// ErrConflicts marks an index holding unresolved conflicts: it has no
// one staged content to read.
var ErrConflicts = errors.New("the index has unresolved conflicts")

// Index lists the entries staged in the repository's index (`git
// ls-files --stage -z`, names as raw bytes, relative to the top of the
// tree): each file's staged blob, as a commit of it would hold. An index
// with unresolved conflicts (entries of stage 1 to 3) is an error
// wrapping ErrConflicts, naming the first conflicted paths. file, when
// not empty, is the index file read instead of the repository's, as git
// takes GIT_INDEX_FILE (git sets it for the hooks of `git commit -a` and
// `git commit PATH`, whose index is not the repository's): an absolute
// path.
func (r *Repo) Index(ctx context.Context, file string) ([]TreeEntry, error) {
	var env []string
	if file != "" {
		env = []string{"GIT_INDEX_FILE=" + file}
	}
	out, err := r.runEnv(ctx, env, "ls-files", "--stage", "-z", "--full-name")
	if err != nil {
		return nil, err
	}
	var entries []TreeEntry
	var conflicted []string
	for rec := range strings.SplitSeq(out, "\x00") {
		if rec == "" {
			continue
		}
		// "MODE OBJECT STAGE\tPATH"
		meta, path, ok := strings.Cut(rec, "\t")
		fields := strings.Fields(meta)
		if !ok || len(fields) != 3 || !vfs.ValidRel(path) || !isHash(fields[1]) {
			return nil, fmt.Errorf("git ls-files: unexpected entry %q", rec)
		}
		mode, stage := fields[0], fields[2]
		switch {
		case stage != "0":
			if len(conflicted) == 0 || conflicted[len(conflicted)-1] != path {
				conflicted = append(conflicted, path)
			}
			continue
		case mode == ModeFile, mode == ModeExecutable, mode == ModeLink, mode == ModeSubmodule:
		default:
			return nil, fmt.Errorf("git ls-files: unexpected entry %q", rec)
		}
		entries = append(entries, TreeEntry{Mode: mode, Blob: fields[1], Path: path})
	}
	if len(conflicted) > 0 {
		shown := conflicted[:min(3, len(conflicted))]
		more := ""
		if len(conflicted) > len(shown) {
			more = fmt.Sprintf(" and %d more", len(conflicted)-len(shown))
		}
		return nil, fmt.Errorf("%w (%s%s): resolve them and stage the result (git add) first", ErrConflicts, strings.Join(shown, ", "), more)
	}
	return entries, nil
}
