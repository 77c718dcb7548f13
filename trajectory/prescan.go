package trajectory

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/internal/gitrepo"
	"github.com/scbcheck/scbcheck/vfs"
)

// maxPrescanBytes bounds the file versions a prescan holds in memory: the
// commits past it scan their own changes.
var maxPrescanBytes = 256 << 20

// maxAheadBytes bounds the file versions analysed ahead of their points,
// whose analyses stay in memory until their points read them (several
// times the bytes of the source): the later commits analyse their own.
var maxAheadBytes = 32 << 20

// prescan starts, in the background, one ast-grep run over the first
// commit's tree (snap) and every regular file a later commit adds or
// changes against the one before, each commit's under a root of its own
// in a tree held in memory: the points' own runs wait for it and then
// find every finding in the cache, instead of starting ast-grep once per
// commit. Beside it, the later commits' files are analysed into the cache
// while the first point analyses its own, so that the later points only
// assemble what they hold. wait waits for both (see
// Session.Prescan).
func prescan(ctx context.Context, r *gitrepo.Repo, commits []gitrepo.Commit, snap *snapshot, tmp string, sess *scbcheck.Session, a scbcheck.Options) (wait func() error, err error) {
	if len(commits) == 0 || snap.mem == nil {
		return func() error { return nil }, nil
	}
	mem, err := vfs.NewMem(filepath.Join(canonicalDir(tmp), "prescan"))
	if err != nil {
		return nil, err
	}
	mem.StageIn(canonicalDir(tmp))
	prefix := filepath.FromSlash(strings.TrimSuffix(r.Prefix(), "/"))
	var roots []string
	if err := mem.Graft("0", snap.mem); err != nil {
		return nil, err
	}
	if _, err := snap.mem.Stat(filepath.Join(snap.dir, prefix)); err == nil {
		roots = append(roots, filepath.Join(mem.Root(), "0", prefix))
	}
	var paths, hashes []string
	// firsts are, for each later root, the index in paths of its first
	// file.
	var later []string
	var firsts []int
	for i := 1; i < len(commits); i++ {
		changes, err := r.Changes(ctx, commits[i-1].Hash, commits[i].Hash)
		if err != nil {
			return nil, err
		}
		n := len(paths)
		for _, c := range changes {
			regular := c.Mode == gitrepo.ModeFile || c.Mode == gitrepo.ModeExecutable
			if c.Gone || !regular || !strings.HasPrefix(c.Path, r.Prefix()) {
				continue
			}
			paths = append(paths, strconv.Itoa(i)+"/"+c.Path)
			hashes = append(hashes, c.Blob)
		}
		if len(paths) > n {
			later = append(later, filepath.Join(mem.Root(), strconv.Itoa(i), prefix))
			firsts = append(firsts, n)
		}
	}
	// ends[k] is the bytes read up to and including file k.
	ends, err := readInto(ctx, r, mem, paths, hashes)
	if err != nil {
		return nil, err
	}
	var analyse []string
	for k, root := range later {
		if firsts[k] >= len(ends) {
			break
		}
		roots = append(roots, root)
		if firsts[k] == 0 || ends[firsts[k]-1] < maxAheadBytes {
			analyse = append(analyse, root)
		}
	}
	if a.Languages == nil {
		// The languages the first commit's configuration analyses: the
		// files of others would be analysed for nothing.
		cfg := a.Config
		if cfg == nil {
			cfg, _ = config.LoadFS(snap.mem, filepath.Join(snap.dir, prefix), "")
		}
		if cfg != nil {
			a.Languages = cfg.Languages
		}
	}
	return sess.Prescan(ctx, mem, a.Languages, roots, analyse, a.CacheStats), nil
}

// readInto writes the blobs named by hashes into mem at paths, read with
// `git cat-file`, in order and up to maxPrescanBytes in all, and returns,
// for each file it wrote, the bytes written up to and including it: the
// files left out are scanned by their own points.
func readInto(ctx context.Context, r *gitrepo.Repo, mem *vfs.Mem, paths, hashes []string) ([]int, error) {
	var ends []int
	total := 0
	const batch = 256
	for start := 0; start < len(paths); start += batch {
		end := min(start+batch, len(paths))
		contents, err := r.ReadBlobs(ctx, hashes[start:end])
		if err != nil {
			return nil, err
		}
		for k, b := range contents {
			if total += len(b.Data); total > maxPrescanBytes {
				return ends, nil
			}
			if err := gitrepo.WriteBlob(mem, paths[start+k], gitrepo.ModeFile, b); err != nil {
				return nil, err
			}
			ends = append(ends, total)
		}
	}
	return ends, nil
}
