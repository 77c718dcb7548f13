package trajectory

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/vfs"
)

// GitOptions selects the commits of a git trajectory.
type GitOptions struct {
	// Repo is a repository: its work tree, a directory inside it (then
	// only that directory is analysed, and only commits touching it
	// count) or a bare repository.
	Repo string
	// RevRange is "A..B" (the first-parent commits after A up to B) or a
	// single revision (its whole first-parent history); "HEAD" when empty.
	RevRange string
	// MaxCommits, when positive, keeps at most that many commits, sampled
	// evenly over the selected ones, the first and last always kept.
	MaxCommits int
	// OnlySourceCommits keeps only the commits that add, change, rename or
	// delete a file of an analysed language (by extension), compared with
	// their first parent.
	OnlySourceCommits bool
	// Git is the git executable; "git" (on PATH) when empty.
	Git string
	// Timeout bounds each git process (and each answer of the one
	// reading blobs); DefaultGitTimeout when not positive.
	Timeout time.Duration
	// OutsideGitDir lets the repository's git directory, or the common
	// directory holding its objects and refs, lie outside its work tree
	// (the .git file of a linked worktree or a submodule, a commondir
	// file). Without it such a repository is refused: its .git is the
	// tree's, and could name any repository of the host.
	OutsideGitDir bool
}

// repo is a resolved repository.
type repo struct {
	git string
	// timeout bounds each git process (see GitOptions.Timeout).
	timeout time.Duration
	// dir is the directory git runs in: the work tree's top level, or the
	// bare repository.
	dir string
	// prefix is the analysed directory inside the tree ("" for all of it),
	// with a trailing slash as git prints it.
	prefix string
	// display is the repository as the user named it.
	display string
	// diffs caches changes by "from..to".
	diffs map[string]diff
	// cat reads blobs, once started.
	cat *catFile
}

// Git measures the first-parent history of a repository, oldest commit
// first. Each commit's tree is read from git into memory, never into the
// repository's work tree: the first one listed by `git ls-tree`, then
// what each commit changes, listed by `git diff-tree`, the files' bytes
// read raw (as committed: no filter, no conversion) by `git cat-file`.
// git is run so that it starts no program the repository, or any
// configuration, names (see gitCommand). Without
// Analysis.Config each commit is analysed with the configuration it holds
// (as `check` run at its root would), else with the given one.
func Git(ctx context.Context, g GitOptions, opt Options) (*Trajectory, error) {
	sess, closeSession, err := opt.session(true)
	if err != nil {
		return nil, err
	}
	defer closeSession()
	opt.Session = sess
	r, err := openRepo(ctx, g.Repo, g.Git, g.Timeout, g.OutsideGitDir)
	if err != nil {
		return nil, fmt.Errorf("--git: %w", err)
	}
	defer r.close()
	commits, err := r.commits(ctx, g.RevRange)
	if err != nil {
		return nil, err
	}
	if g.OnlySourceCommits {
		enabled, err := enabledLanguages(g, opt)
		if err != nil {
			return nil, err
		}
		commits = slices.DeleteFunc(commits, func(c commit) bool { return !touchesSource(c.files, enabled) })
	}
	commits = sample(commits, g.MaxCommits)
	if len(commits) == 0 {
		return nil, fmt.Errorf("no commits to measure in %s (range %s)", r.display, rangeOrHead(g.RevRange))
	}

	tmp, err := scratchDir("scb-check-trajectory-")
	if err != nil {
		return nil, fmt.Errorf("failed to create a temporary directory: %w", err)
	}
	defer os.RemoveAll(tmp)
	r.loadDiffs(ctx, commits)
	snap := &snapshot{dir: filepath.Join(canonicalDir(tmp), "snapshot")}
	if err := r.checkout(ctx, snap, commits[0].hash); err != nil {
		return nil, fmt.Errorf("commit %s: %w", commits[0].hash, err)
	}
	waitPrescan, err := r.prescan(ctx, commits, snap, tmp, sess, opt.Analysis)
	if err != nil {
		return nil, err
	}
	// A failed prescan fails the points that wait for it.
	defer func() { _ = waitPrescan() }()
	t := &Trajectory{Points: make([]Point, len(commits))}
	if err := r.measureAll(ctx, snap, tmp, commits, opt, t.Points); err != nil {
		return nil, err
	}
	t.Summary = summarize(t.Points, opt.TopCallables)
	return t, nil
}

// pointsAtOnce is how many commits are analysed at the same time: an
// analysis ends with steps over the whole tree that run on one core, and
// two at once keep two busy.
const pointsAtOnce = 2

// measureAll measures the commits into points, pointsAtOnce at a time,
// each on a copy of the tree made as its turn comes. The first failure
// stops the others and is returned.
func (r *repo) measureAll(ctx context.Context, snap *snapshot, tmp string, commits []commit, opt Options, points []Point) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
	)
	fail := func(hash string, err error) {
		mu.Lock()
		defer mu.Unlock()
		if firstErr == nil {
			firstErr = fmt.Errorf("commit %s: %w", hash, err)
			cancel()
		}
	}
	// Each point counts its cache use apart; the counts are added in
	// order once all are done.
	stats := make([]scbcheck.CacheStats, len(commits))
	slots := make(chan struct{}, pointsAtOnce)
	prefix := filepath.FromSlash(strings.TrimSuffix(r.prefix, "/"))
	// The points' trees are held below views, which exists on disk as
	// their parent must.
	scratch := canonicalDir(tmp)
	views := filepath.Join(scratch, "points")
	if err := os.Mkdir(views, 0o755); err != nil {
		return err
	}
	// done[i] is closed when point i is measured (or has failed).
	done := make([]chan struct{}, len(commits))
	for i, c := range commits {
		cp := Checkpoint{Label: c.hash[:min(12, len(c.hash))], Commit: c.hash, Time: c.time, Subject: c.subject}
		if ctx.Err() != nil {
			break
		}
		if opt.Progress != nil {
			opt.Progress(i, len(commits), cp)
		}
		done[i] = make(chan struct{})
		same, err := r.sameReport(ctx, snap, commits, i, opt.Session)
		if err != nil {
			fail(c.hash, err)
			break
		}
		if same && reuse(points, done, i, cp) {
			continue
		}
		view, err := snap.mem.CloneAt(filepath.Join(views, strconv.Itoa(i)))
		if err != nil {
			fail(c.hash, err)
			break
		}
		a := opt.Analysis
		dir := filepath.Join(view.Root(), prefix)
		a.Path, a.WorkDir, a.FS = dir, dir, view
		if a.CacheStats != nil {
			a.CacheStats = &stats[i]
		}
		slots <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() {
				close(done[i])
				<-slots
				wg.Done()
			}()
			p, err := measure(ctx, opt.Session, a, cp, scratch)
			if err != nil {
				fail(c.hash, err)
				return
			}
			p.Index = i
			points[i] = p
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if opt.Analysis.CacheStats != nil {
		for _, s := range stats {
			opt.Analysis.CacheStats.Add(s)
		}
	}
	return nil
}

// sameReport brings the snapshot to commit i's tree and reports whether
// its report must be the one of commit i-1: no file it changes can change
// a report (Session.MayAffect: documentation, images...), and no tree so
// far held a symbolic link (through which a source file may read any
// file).
func (r *repo) sameReport(ctx context.Context, snap *snapshot, commits []commit, i int, sess *scbcheck.Session) (bool, error) {
	if err := r.checkout(ctx, snap, commits[i].hash); err != nil {
		return false, err
	}
	if i == 0 || snap.sawLink {
		return false, nil
	}
	changes, err := r.changes(ctx, commits[i-1].hash, commits[i].hash)
	if err != nil {
		return false, err
	}
	for _, c := range changes {
		if c.mode == "120000" || sess.MayAffect(c.path) {
			return false, nil
		}
	}
	return true, nil
}

// reuse makes point i a copy of point i-1 once that one is measured, and
// reports whether it could: a point without numbers is measured again,
// as its message names its own checkpoint.
func reuse(points []Point, done []chan struct{}, i int, cp Checkpoint) bool {
	<-done[i-1]
	prev := points[i-1]
	if prev.Metrics == nil || prev.Err != "" {
		return false
	}
	prev.Index, prev.Checkpoint = i, cp
	points[i] = prev
	close(done[i])
	return true
}

func rangeOrHead(r string) string {
	if r == "" {
		return "HEAD"
	}
	return r
}

// measureCommit brings the snapshot to the commit's tree and analyses it
// (or the analysed directory inside it).
func (r *repo) measureCommit(ctx context.Context, snap *snapshot, cp Checkpoint, sess *scbcheck.Session, a scbcheck.Options) (Point, error) {
	if err := r.checkout(ctx, snap, cp.Commit); err != nil {
		return Point{}, err
	}
	dir := filepath.Join(snap.dir, filepath.FromSlash(strings.TrimSuffix(r.prefix, "/")))
	a.Path, a.WorkDir, a.FS = dir, dir, snap.mem
	return measure(ctx, sess, a, cp, filepath.Dir(snap.dir))
}

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

// checkout makes snap hold the tree of commit hash: its files with the
// bytes committed, its symbolic links, an empty directory for each
// submodule, plus an empty .git directory.
func (r *repo) checkout(ctx context.Context, snap *snapshot, hash string) error {
	if snap.commit == hash && snap.mem != nil {
		return nil
	}
	prev := snap.commit
	snap.commit = ""
	if prev != "" && snap.mem != nil {
		changes, err := r.changes(ctx, prev, hash)
		if err != nil {
			return err
		}
		if err := r.apply(ctx, snap, changes); err != nil {
			return err
		}
		snap.commit = hash
		return nil
	}
	mem, err := vfs.NewMem(snap.dir)
	if err != nil {
		return err
	}
	links, err := r.extract(ctx, hash, mem)
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

// change is one path that differs between two commits.
type change struct {
	path string
	// gone is set when the path no longer exists in the newer commit.
	gone bool
	// mode and blob are the path's git mode and object in the newer
	// commit.
	mode, blob string
}

// diff is what changes returns for a pair of commits.
type diff struct {
	changes []change
}

// changes lists the paths that differ between commits from and to.
func (r *repo) changes(ctx context.Context, from, to string) ([]change, error) {
	if d, ok := r.diffs[from+".."+to]; ok {
		return d.changes, nil
	}
	changes, err := r.diffTree(ctx, from, to)
	if err != nil {
		return nil, err
	}
	if r.diffs == nil {
		r.diffs = map[string]diff{}
	}
	r.diffs[from+".."+to] = diff{changes}
	return changes, nil
}

// diffArgs are the options of every diff-tree: the raw list of changed
// paths, never a patch (so no textconv or external diff either).
var diffArgs = []string{"diff-tree", "-r", "-z", "--no-renames", "--raw", "--no-textconv", "--no-ext-diff"}

func (r *repo) diffTree(ctx context.Context, from, to string) ([]change, error) {
	out, err := r.run(ctx, append(slices.Clone(diffArgs), "--end-of-options", from, to)...)
	if err != nil {
		return nil, err
	}
	return parseRaw(strings.Split(out, "\x00"))
}

// parseRaw reads the entries of `git diff-tree -r -z --raw` (split at
// NULs). A path is the bytes git holds, whatever their encoding.
func parseRaw(fields []string) (changes []change, err error) {
	for i := 0; i+1 < len(fields); i += 2 {
		// ":old-mode new-mode old-hash new-hash status", then the path.
		meta := strings.Fields(fields[i])
		path := fields[i+1]
		if len(meta) != 5 || !vfs.ValidRel(path) {
			return nil, fmt.Errorf("git diff-tree: unexpected output %q", fields[i]+" "+path)
		}
		changes = append(changes, change{path: path, gone: strings.Trim(meta[1], "0") == "", mode: meta[1], blob: meta[3]})
	}
	return changes, nil
}

// loadDiffs fills the changes between each commit and the one before
// with one `git diff-tree --stdin` (a process per pair costs more than
// the diff here). A failure leaves the pairs to be diffed one by one.
func (r *repo) loadDiffs(ctx context.Context, commits []commit) {
	if len(commits) < 2 {
		return
	}
	if r.diffs == nil {
		r.diffs = map[string]diff{}
	}
	var in strings.Builder
	for i := 1; i < len(commits); i++ {
		// "C P" diffs P against C, as if P were C's parent.
		fmt.Fprintf(&in, "%s %s\n", commits[i].hash, commits[i-1].hash)
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
	for i := 1; i < len(commits); i++ {
		from, to := commits[i-1].hash, commits[i].hash
		changes, err := parseRaw(byCommit[to])
		if err != nil {
			return
		}
		r.diffs[from+".."+to] = diff{changes}
	}
}

// apply turns the tree into the newer commit's: paths gone or changed are
// removed (with the directories left empty, as git keeps none), then the
// changed and new ones are read with `git cat-file` and written.
func (r *repo) apply(ctx context.Context, snap *snapshot, changes []change) error {
	mem := snap.mem
	var write []change
	var hashes []string
	for _, c := range changes {
		if err := mem.Delete(c.path); err != nil {
			return err
		}
		switch {
		case c.gone:
		case c.mode == "160000":
			// A submodule: an empty directory, as a clone has it.
			if err := mem.Mkdir(c.path); err != nil {
				return err
			}
		default:
			write = append(write, c)
			hashes = append(hashes, c.blob)
		}
	}
	if len(write) == 0 {
		return nil
	}
	cat, err := r.catFile(ctx)
	if err != nil {
		return err
	}
	blobs, err := cat.read(hashes)
	if err != nil {
		return err
	}
	for i, c := range write {
		if c.mode == "120000" {
			snap.sawLink = true
		}
		if err := writeEntry(mem, c.path, c.mode, blobs[i]); err != nil {
			return err
		}
	}
	return nil
}

// errNoGit marks the failure to start git at all (not installed, not
// executable), which no snapshot can be blamed for.
var errNoGit = errors.New("cannot run git")

// openRepo resolves path to the directory git runs in and the analysed
// prefix; timeout bounds each git process (DefaultGitTimeout when not
// positive). A git that cannot run is an error wrapping errNoGit; a
// repository git refuses (owned by another user, say) is git's message.
func openRepo(ctx context.Context, path, git string, timeout time.Duration, outsideGitDir bool) (*repo, error) {
	r := &repo{git: git, display: path, timeout: timeoutOr(timeout)}
	if r.git == "" {
		r.git = "git"
	}
	info, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("path does not exist: %s", path)
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("not a directory: %s", path)
	}
	r.dir = path
	out, err := r.run(ctx, "rev-parse", "--is-bare-repository", "--absolute-git-dir", "--path-format=absolute", "--git-common-dir")
	if errors.Is(err, errNoGit) || ctx.Err() != nil {
		return nil, err
	}
	if err != nil {
		if strings.Contains(err.Error(), "not a git repository") {
			return nil, fmt.Errorf("not a git repository: %s", path)
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	fields := strings.Split(strings.TrimSpace(out), "\n")
	if len(fields) != 3 {
		return nil, fmt.Errorf("%s: git rev-parse: unexpected output %q", path, out)
	}
	bare, gitDir, common := fields[0], fields[1], fields[2]
	if bare == "true" {
		if !outsideGitDir && !within(gitDir, common) {
			return nil, outsideGitDirError(path, common, gitDir)
		}
		return r, nil
	}
	top, err := r.run(ctx, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, fmt.Errorf("%s is not inside a work tree: %w", path, err)
	}
	prefix, err := r.run(ctx, "rev-parse", "--show-prefix")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	r.dir, r.prefix = strings.TrimSpace(top), strings.TrimSpace(prefix)
	// The work tree is the repository's configuration's to name
	// (core.worktree): git run there must still find this repository,
	// not one of the host's.
	again, err := r.run(ctx, "rev-parse", "--absolute-git-dir")
	if err != nil || strings.TrimSpace(again) != gitDir {
		return nil, fmt.Errorf("%s: its work tree %s (core.worktree) is not the repository's own: refused", path, r.dir)
	}
	if !outsideGitDir {
		for _, d := range []string{gitDir, common} {
			if !within(r.dir, d) {
				return nil, outsideGitDirError(path, d, r.dir)
			}
		}
	}
	return r, nil
}

// outsideGitDirError refuses a repository whose git directory (or common
// directory) dir lies outside root, its work tree or bare directory.
func outsideGitDirError(path, dir, root string) error {
	return fmt.Errorf("%s: its git directory %s lies outside %s (named by a .git file or a commondir, "+
		"as for a linked worktree or a submodule): refused, since the tree's .git could name any repository; "+
		"pass --allow-outside-git-dir if you trust it", path, dir, root)
}

// within reports whether dir is root or lies below it, once both have
// their links resolved (git may print either form).
func within(root, dir string) bool {
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	if d, err := filepath.EvalSymlinks(dir); err == nil {
		dir = d
	}
	return vfs.Within(root, dir)
}

// run runs git in the repository (see gitCommand) and returns its
// standard output; an error carries git's message.
func (r *repo) run(ctx context.Context, args ...string) (string, error) {
	var stdout, stderr bytes.Buffer
	cmd := gitCommand(ctx, r.git, r.dir, r.timeout, args...)
	defer cmd.done()
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", cmd.failure(ctx, stderr.String(), err)
	}
	return stdout.String(), nil
}

// commit is one commit of the history with the files it changed.
type commit struct {
	hash, time, subject string
	files               []string
}

// commits lists the first-parent commits of the range, oldest first, with
// the files each changed against its first parent (every file for a root
// commit).
func (r *repo) commits(ctx context.Context, revRange string) ([]commit, error) {
	revRange = rangeOrHead(revRange)
	ends := []string{revRange}
	if from, to, ok := strings.Cut(revRange, ".."); ok {
		if strings.HasPrefix(to, ".") {
			return nil, fmt.Errorf("--rev-range: %s: expected A..B or a revision (A...B is not a first-parent range)", revRange)
		}
		ends = []string{from, to}
	}
	for _, e := range ends {
		if e == "" || strings.HasPrefix(e, "-") {
			return nil, fmt.Errorf("--rev-range: %s: expected A..B or a revision", revRange)
		}
		if _, err := r.run(ctx, "rev-parse", "--verify", "--quiet", "--end-of-options", e+"^{commit}"); err != nil {
			return nil, fmt.Errorf("--rev-range: unknown revision '%s' in %s", e, r.display)
		}
	}
	// Each commit is an empty field (its NUL first), then its hash, date
	// and subject, each after a NUL, then its files' names, the first
	// after a newline, each ended by a NUL: neither a subject (one line)
	// nor a name can hold a NUL, nor is a name empty, so no subject or
	// name can pass for another commit.
	args := []string{"-c", "log.showRoot=true", "log", "--first-parent", "--reverse", "--no-renames",
		"--diff-merges=first-parent", "--name-only", "-z", "--format=%x00%H%x00%cI%x00%s", "--end-of-options", revRange}
	if r.prefix != "" {
		// literal: a directory's name may hold glob characters.
		args = append(args, "--", ":(top,literal)"+r.prefix)
	}
	out, err := r.run(ctx, args...)
	if err != nil {
		return nil, err
	}
	return parseLog(out)
}

// parseLog reads the output of the log run by commits.
func parseLog(out string) ([]commit, error) {
	var commits []commit
	fields := strings.Split(out, "\x00")
	for i := 0; i < len(fields); {
		if fields[i] != "" || i+3 >= len(fields) {
			if strings.Join(fields[i:], "") == "" {
				break
			}
			return nil, fmt.Errorf("git log: unexpected output %q", strings.Join(fields[i:min(i+4, len(fields))], " "))
		}
		c := commit{hash: fields[i+1], time: fields[i+2], subject: fields[i+3]}
		if !isHash(c.hash) || c.time == "" {
			return nil, fmt.Errorf("git log: unexpected output %q", strings.Join(fields[i+1:i+4], " "))
		}
		for i += 4; i < len(fields) && fields[i] != ""; i++ {
			name := fields[i]
			if len(c.files) == 0 {
				name = strings.TrimPrefix(name, "\n")
			}
			c.files = append(c.files, name)
		}
		commits = append(commits, c)
	}
	return commits, nil
}

// isHash reports whether s is a full object name (SHA-1 or SHA-256, as
// git prints it).
func isHash(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	for _, c := range []byte(s) {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// extract reads the tree of commit into mem: its entries listed by `git
// ls-tree` (names as raw bytes), the files' and links' bytes read raw by
// `git cat-file`, an empty directory for each submodule. links is set
// when it holds a symbolic link.
func (r *repo) extract(ctx context.Context, hash string, mem *vfs.Mem) (links bool, err error) {
	out, err := r.run(ctx, "ls-tree", "-r", "-z", "--full-tree", "--end-of-options", hash)
	if err != nil {
		return false, err
	}
	entries, err := parseTree(out)
	if err != nil {
		return false, err
	}
	var blobs []treeEntry
	var hashes []string
	for _, e := range entries {
		if e.mode == "160000" {
			if err := mem.Mkdir(e.path); err != nil {
				return false, err
			}
			continue
		}
		blobs = append(blobs, e)
		hashes = append(hashes, e.blob)
	}
	if len(blobs) == 0 {
		return false, nil
	}
	cat, err := r.catFile(ctx)
	if err != nil {
		return false, err
	}
	contents, err := cat.read(hashes)
	if err != nil {
		return false, err
	}
	for i, e := range blobs {
		if e.mode == "120000" {
			links = true
		}
		if err := writeEntry(mem, e.path, e.mode, contents[i]); err != nil {
			return links, err
		}
	}
	return links, nil
}

// treeEntry is one entry of `git ls-tree -r`.
type treeEntry struct {
	mode, blob, path string
}

// parseTree reads the output of `git ls-tree -r -z`: "MODE TYPE
// OBJECT\tPATH" records ended by NULs. Only blobs (files and links) and
// commits (submodules) are expected, at local paths.
func parseTree(out string) ([]treeEntry, error) {
	var entries []treeEntry
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
		case kind == "blob" && (mode == "100644" || mode == "100755" || mode == "120000"):
		case kind == "commit" && mode == "160000":
		default:
			return nil, fmt.Errorf("git ls-tree: unexpected entry %q", rec)
		}
		entries = append(entries, treeEntry{mode: mode, blob: fields[2], path: path})
	}
	return entries, nil
}

// writeEntry writes a blob of the given git mode at rel: a symbolic link
// (its target is the blob), an executable or a regular file.
func writeEntry(mem *vfs.Mem, rel, mode string, data []byte) error {
	switch mode {
	case "120000":
		// Discovery names links leading out of the tree, and the tree
		// never follows them out (see vfs.Mem).
		return mem.Symlink(string(data), rel)
	case "100755":
		return mem.WriteFile(rel, data, 0o755)
	default:
		return mem.WriteFile(rel, data, 0o644)
	}
}

// enabledLanguages are the languages whose files make a commit a source
// commit: --languages, else the configuration's languages key (the given
// configuration, or the one the repository directory has now).
func enabledLanguages(g GitOptions, opt Options) ([]*lang.Spec, error) {
	names := opt.Analysis.Languages
	if names == nil {
		cfg := opt.Analysis.Config
		if cfg == nil {
			var err error
			if cfg, err = config.Load(g.Repo, ""); err != nil {
				return nil, err
			}
		}
		names = cfg.Languages
	}
	specs, err := lang.Resolve(names)
	if err != nil {
		return nil, fmt.Errorf("--languages: %w", err)
	}
	return specs, nil
}

// touchesSource reports whether one of the files is of an enabled
// language.
func touchesSource(files []string, enabled []*lang.Spec) bool {
	for _, f := range files {
		if s := lang.ForPath(f); s != nil && slices.Contains(enabled, s) {
			return true
		}
	}
	return false
}

// sample keeps at most n commits evenly spread over the list, the first
// and the last included: the k-th kept is the one at k*(len-1)/(n-1),
// rounded to the nearest.
func sample(commits []commit, n int) []commit {
	if n <= 0 || len(commits) <= n {
		return commits
	}
	if n == 1 {
		return commits[len(commits)-1:]
	}
	out := make([]commit, 0, n)
	m := len(commits) - 1
	for k := 0; k < n; k++ {
		out = append(out, commits[(2*k*m+(n-1))/(2*(n-1))])
	}
	return out
}
