package trajectory

import (
	"context"
	"os"
	"path/filepath"

	"github.com/scbcheck/scbcheck/internal/gitrepo"
	"github.com/scbcheck/scbcheck/vfs"
)

// snapshot is one commit's tree, held in memory at dir (a path that does
// not exist on disk, inside a temporary directory of ours). It is kept
// from one commit to the next, and only what changed between them is
// read again, so that a long history costs what its changes cost.
type snapshot struct {
	dir string
	mem *vfs.Mem
	// commit is the commit the tree holds; empty when it holds none for
	// sure (at first, or after a failed update).
	commit string
	// sawLink is set once the tree has held a symbolic link: a source
	// file may then read another file's bytes, whatever its name.
	sawLink bool
}

// minShmFree is the room /dev/shm must have for scratchDir to use it: a
// prescan writes up to maxPrescanBytes of file versions besides the first
// tree at once, and a container's /dev/shm may be small (64 MB in
// Docker by default).
const minShmFree = 1 << 30

// scratchDir makes a temporary directory for the files written for
// ast-grep: under TMPDIR when it is set, else in /dev/shm (memory) when
// it can be written and has minShmFree bytes free, as creating files on
// a disk costs more than scanning them; else in the system's temporary
// directory.
func scratchDir(pattern string) (string, error) {
	if os.Getenv("TMPDIR") == "" && freeBytes("/dev/shm") >= minShmFree {
		if dir, err := os.MkdirTemp("/dev/shm", pattern); err == nil {
			return dir, nil
		}
	}
	return os.MkdirTemp("", pattern)
}

// canonicalDir resolves the links in a directory we made, so that the
// paths of the tree held below it are canonical as discovery wants them.
func canonicalDir(dir string) string {
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		return real
	}
	return dir
}

// checkout makes snap hold the tree of commit hash of r: its files with
// the bytes committed, its symbolic links, an empty directory for each
// submodule, plus an empty .git directory.
func (snap *snapshot) checkout(ctx context.Context, r *gitrepo.Repo, hash string) error {
	if snap.commit == hash && snap.mem != nil {
		return nil
	}
	prev := snap.commit
	snap.commit = ""
	if prev != "" && snap.mem != nil {
		changes, err := r.Changes(ctx, prev, hash)
		if err != nil {
			return err
		}
		if err := snap.apply(ctx, r, changes); err != nil {
			return err
		}
		snap.commit = hash
		return nil
	}
	mem, err := vfs.NewMem(snap.dir)
	if err != nil {
		return err
	}
	// The files written for ast-grep go beside the tree, in the scratch
	// directory chosen for them (memory when it can be).
	mem.StageIn(filepath.Dir(snap.dir))
	links, err := r.WriteTree(ctx, hash, mem, nil)
	if err != nil {
		return err
	}
	snap.sawLink = snap.sawLink || links
	// The snapshot's root is a repository root, as in a clone: an empty
	// .git directory stops config discovery and ignore files there.
	if err := mem.Mkdir(".git"); err != nil {
		return err
	}
	snap.mem, snap.commit = mem, hash
	return nil
}

// apply turns the tree into the newer commit's: paths gone or changed are
// removed (with the directories left empty, as git keeps none), then the
// changed and new ones are written (see gitrepo.Repo.WriteEntries).
func (snap *snapshot) apply(ctx context.Context, r *gitrepo.Repo, changes []gitrepo.Change) error {
	var write []gitrepo.TreeEntry
	for _, c := range changes {
		if err := snap.mem.Delete(c.Path); err != nil {
			return err
		}
		if !c.Gone {
			write = append(write, gitrepo.TreeEntry{Mode: c.Mode, Blob: c.Blob, Path: c.Path})
		}
	}
	links, err := r.WriteEntries(ctx, write, snap.mem, nil)
	snap.sawLink = snap.sawLink || links
	return err
}
