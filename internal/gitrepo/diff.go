package gitrepo

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/scbcheck/scbcheck/vfs"
)

// The git modes of a tree's entries.
const (
	ModeFile       = "100644"
	ModeExecutable = "100755"
	ModeLink       = "120000"
	ModeSubmodule  = "160000"
)

// Change is one path that differs between two commits.
type Change struct {
	// Path is relative to the top of the tree, with slashes: the bytes
	// git holds, whatever their encoding.
	Path string
	// Gone is set when the path no longer exists in the newer commit.
	Gone bool
	// Mode and Blob are the path's git mode and object in the newer
	// commit.
	Mode, Blob string
}

// Changes lists the paths that differ between commits from and to,
// read once per pair (see LoadChanges).
func (r *Repo) Changes(ctx context.Context, from, to string) ([]Change, error) {
	if d, ok := r.diffs[from+".."+to]; ok {
		return d, nil
	}
	changes, err := r.diffTree(ctx, from, to)
	if err != nil {
		return nil, err
	}
	if r.diffs == nil {
		r.diffs = map[string][]Change{}
	}
	r.diffs[from+".."+to] = changes
	return changes, nil
}

// diffArgs are the options of every diff-tree: the raw list of changed
// paths, never a patch (so no textconv or external diff either).
var diffArgs = []string{"diff-tree", "-r", "-z", "--no-renames", "--raw", "--no-textconv", "--no-ext-diff"}

func (r *Repo) diffTree(ctx context.Context, from, to string) ([]Change, error) {
	out, err := r.run(ctx, append(slices.Clone(diffArgs), "--end-of-options", from, to)...)
	if err != nil {
		return nil, err
	}
	return parseRaw(strings.Split(out, "\x00"))
}

// parseRaw reads the entries of `git diff-tree -r -z --raw` (split at
// NULs). A path is the bytes git holds, whatever their encoding.
func parseRaw(fields []string) (changes []Change, err error) {
	for i := 0; i+1 < len(fields); i += 2 {
		// ":old-mode new-mode old-hash new-hash status", then the path.
		meta := strings.Fields(fields[i])
		path := fields[i+1]
		if len(meta) != 5 || !vfs.ValidRel(path) {
			return nil, fmt.Errorf("git diff-tree: unexpected output %q", fields[i]+" "+path)
		}
		changes = append(changes, Change{Path: path, Gone: strings.Trim(meta[1], "0") == "", Mode: meta[1], Blob: meta[3]})
	}
	return changes, nil
}

// LoadChanges reads the changes between each commit of hashes and the
// one before with one `git diff-tree --stdin` (a process per pair costs
// more than the diff here), for Changes to return. A failure leaves the
// pairs to be diffed one by one.
func (r *Repo) LoadChanges(ctx context.Context, hashes []string) {
	if len(hashes) < 2 {
		return
	}
	if r.diffs == nil {
		r.diffs = map[string][]Change{}
	}
	var in strings.Builder
	for i := 1; i < len(hashes); i++ {
		// "C P" diffs P against C, as if P were C's parent.
		fmt.Fprintf(&in, "%s %s\n", hashes[i], hashes[i-1])
	}
	var stdout bytes.Buffer
	cmd := gitCommand(ctx, r.git, r.dir, r.timeout, append(slices.Clone(diffArgs), "--stdin")...)
	defer cmd.done()
	cmd.Stdin, cmd.Stdout = strings.NewReader(in.String()), &stdout
	if cmd.Run() != nil {
		return
	}
	// Each commit with changes is a header (its hash) and its entries;
	// a commit whose tree equals the one before prints nothing.
	byCommit := map[string][]string{}
	var cur string
	fields := strings.Split(stdout.String(), "\x00")
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		switch {
		case f == "":
		case strings.HasPrefix(f, ":") && cur != "" && i+1 < len(fields):
			byCommit[cur] = append(byCommit[cur], f, fields[i+1])
			i++
		case !strings.HasPrefix(f, ":"):
			cur = f
		default:
			return
		}
	}
	for i := 1; i < len(hashes); i++ {
		from, to := hashes[i-1], hashes[i]
		changes, err := parseRaw(byCommit[to])
		if err != nil {
			return
		}
		r.diffs[from+".."+to] = changes
	}
}
