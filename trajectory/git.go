package trajectory

import (
	"archive/tar"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

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
}

// repo is a resolved repository.
type repo struct {
	git string
	// dir is the directory git runs in: the work tree's top level, or the
	// bare repository.
	dir string
	// prefix is the analysed directory inside the tree ("" for all of it),
	// with a trailing slash as git prints it.
	prefix string
	// display is the repository as the user named it.
	display string
	// infoAttributes caches whether the repository's info/attributes
	// mention an archive attribute (nil until looked up).
	infoAttributes *bool
	// attributes caches archiveAttributes by commit.
	attributes map[string]bool
	// diffs caches changes by "from..to".
	diffs map[string]diff
	// cat reads blobs, once started.
	cat *catFile
}

// Git measures the first-parent history of a repository, oldest commit
// first. Each commit's tree is read from git into memory (`git archive`
// for the first, then what each commit changes, through `git diff-tree`
// and `git cat-file`), never into the repository's work tree. Without
// Analysis.Config each commit is analysed with the configuration it holds
// (as `check` run at its root would), else with the given one.
func Git(ctx context.Context, g GitOptions, opt Options) (*Trajectory, error) {
	closeCache, err := opt.shareCache()
	if err != nil {
		return nil, err
	}
	defer closeCache()
	r, err := openRepo(ctx, g.Repo, g.Git)
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
	r.loadAttributes(ctx, commits)
	r.loadDiffs(ctx, commits)
	snap := &snapshot{dir: filepath.Join(canonicalDir(tmp), "snapshot")}
	if err := r.checkout(ctx, snap, commits[0].hash); err != nil {
		return nil, fmt.Errorf("commit %s: %w", commits[0].hash, err)
	}
	waitPrescan, err := r.prescan(ctx, commits, snap, tmp, opt.Analysis)
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
	views := filepath.Join(canonicalDir(tmp), "points")
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
		same, err := r.sameReport(ctx, snap, commits, i)
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
			p, err := measure(ctx, a, cp)
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
// a report (scbcheck.MayAffect: documentation, images...), and no tree so
// far held a symbolic link (through which a source file may read any
// file).
func (r *repo) sameReport(ctx context.Context, snap *snapshot, commits []commit, i int) (bool, error) {
	if err := r.checkout(ctx, snap, commits[i].hash); err != nil {
		return false, err
	}
	if i == 0 || snap.sawLink {
		return false, nil
	}
	changes, whole, err := r.changes(ctx, commits[i-1].hash, commits[i].hash)
	if err != nil || whole {
		return false, err
	}
	for _, c := range changes {
		if c.mode == "120000" || scbcheck.MayAffect(c.path) {
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
func (r *repo) measureCommit(ctx context.Context, snap *snapshot, cp Checkpoint, a scbcheck.Options) (Point, error) {
	if err := r.checkout(ctx, snap, cp.Commit); err != nil {
		return Point{}, err
	}
	dir := filepath.Join(snap.dir, filepath.FromSlash(strings.TrimSuffix(r.prefix, "/")))
	a.Path, a.WorkDir, a.FS = dir, dir, snap.mem
	return measure(ctx, a, cp)
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

// checkout makes snap hold the tree of commit hash, exactly as `git
// archive` would write it into an empty directory, plus an empty .git
// directory.
func (r *repo) checkout(ctx context.Context, snap *snapshot, hash string) error {
	if snap.commit == hash && snap.mem != nil {
		return nil
	}
	prev := snap.commit
	snap.commit = ""
	if prev != "" && snap.mem != nil {
		changes, whole, err := r.changes(ctx, prev, hash)
		if err != nil {
			return err
		}
		if !whole {
			if err := r.apply(ctx, snap, changes); err != nil {
				return err
			}
			snap.commit = hash
			return nil
		}
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
	whole   bool
}

// changes lists the paths that differ between commits from and to. whole
// is set when the tree must be written again from scratch instead: when
// attributes files changed, or when either commit's attributes ask
// `git archive` to leave files out or rewrite them (export-ignore,
// export-subst), so that an unchanged file may be written differently.
func (r *repo) changes(ctx context.Context, from, to string) ([]change, bool, error) {
	if d, ok := r.diffs[from+".."+to]; ok {
		return d.changes, d.whole, nil
	}
	changes, whole, err := r.diffTree(ctx, from, to)
	if err != nil {
		return nil, false, err
	}
	if r.diffs == nil {
		r.diffs = map[string]diff{}
	}
	r.diffs[from+".."+to] = diff{changes, whole}
	return changes, whole, nil
}

func (r *repo) diffTree(ctx context.Context, from, to string) (changes []change, whole bool, err error) {
	if r.rewritten(ctx, from, to) {
		return nil, true, nil
	}
	out, err := r.run(ctx, "diff-tree", "-r", "-z", "--no-renames", "--raw", "--end-of-options", from, to)
	if err != nil {
		return nil, false, err
	}
	return parseRaw(strings.Split(out, "\x00"))
}

// parseRaw reads the entries of `git diff-tree -r -z --raw` (split at
// NULs); whole is set when an attributes file changed.
func parseRaw(fields []string) (changes []change, whole bool, err error) {
	for i := 0; i+1 < len(fields); i += 2 {
		// ":old-mode new-mode old-hash new-hash status", then the path.
		meta := strings.Fields(fields[i])
		path := fields[i+1]
		if len(meta) != 5 || !filepath.IsLocal(filepath.FromSlash(path)) {
			return nil, false, fmt.Errorf("git diff-tree: unexpected output %q", fields[i]+" "+path)
		}
		if filepath.Base(path) == ".gitattributes" {
			return nil, true, nil
		}
		changes = append(changes, change{path: path, gone: strings.Trim(meta[1], "0") == "", mode: meta[1], blob: meta[3]})
	}
	return changes, false, nil
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
	cmd := exec.CommandContext(ctx, r.git, "-C", r.dir, "diff-tree", "--stdin", "-r", "-z", "--no-renames", "--raw")
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
		d := diff{whole: r.rewritten(ctx, from, to)}
		if !d.whole {
			var err error
			if d.changes, d.whole, err = parseRaw(byCommit[to]); err != nil {
				return
			}
		}
		r.diffs[from+".."+to] = d
	}
}

// rewritten reports whether the attributes of either commit ask `git
// archive` to leave out or rewrite files: the tree is then read whole.
func (r *repo) rewritten(ctx context.Context, from, to string) bool {
	return r.archiveAttributes(ctx, from) || r.archiveAttributes(ctx, to)
}

// archiveAttributes reports whether commit's attributes files (or the
// repository's info/attributes) mention export-ignore or export-subst.
func (r *repo) archiveAttributes(ctx context.Context, commit string) bool {
	if found, ok := r.attributes[commit]; ok {
		return found
	}
	found := r.lookUpAttributes(ctx, commit)
	if r.attributes == nil {
		r.attributes = map[string]bool{}
	}
	r.attributes[commit] = found
	return found
}

func (r *repo) lookUpAttributes(ctx context.Context, commit string) bool {
	if r.infoAttributes == nil {
		found := false
		if p, err := r.run(ctx, "rev-parse", "--git-path", "info/attributes"); err == nil {
			p = strings.TrimSpace(p)
			if !filepath.IsAbs(p) {
				p = filepath.Join(r.dir, p)
			}
			b, _ := os.ReadFile(p)
			found = bytes.Contains(b, []byte("export-"))
		}
		r.infoAttributes = &found
	}
	if *r.infoAttributes {
		return true
	}
	// git grep exits 1 when nothing matches.
	// commit is a hash read from git itself (grep takes no --end-of-options).
	out, _ := r.run(ctx, "grep", "-l", "-F", "export-", commit, "--",
		":(glob)**/.gitattributes")
	return strings.TrimSpace(out) != ""
}

// loadAttributes looks up archiveAttributes for many commits with one git
// grep per batch of them.
func (r *repo) loadAttributes(ctx context.Context, commits []commit) {
	if r.attributes == nil {
		r.attributes = map[string]bool{}
	}
	const batch = 200
	for start := 0; start < len(commits); start += batch {
		part := commits[start:min(start+batch, len(commits))]
		args := []string{"grep", "-l", "-F", "export-"}
		for _, c := range part {
			args = append(args, c.hash)
		}
		// git grep exits 1 when nothing matches; any other failure leaves
		// the commits to be looked up one by one.
		out, err := r.run(ctx, append(args, "--", ":(glob)**/.gitattributes")...)
		var exit *exec.ExitError
		if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) {
			continue
		}
		found := map[string]bool{}
		for _, line := range strings.Split(out, "\n") {
			if hash, _, ok := strings.Cut(line, ":"); ok {
				found[hash] = true
			}
		}
		for _, c := range part {
			r.attributes[c.hash] = found[c.hash]
		}
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
			// A submodule: `git archive` writes an empty directory.
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
		switch c.mode {
		case "120000":
			snap.sawLink = true
			err = mem.Symlink(string(blobs[i]), c.path)
		case "100755":
			err = mem.WriteFile(c.path, blobs[i], 0o755)
		default:
			err = mem.WriteFile(c.path, blobs[i], 0o644)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// errNoGit marks the failure to start git at all (not installed, not
// executable), which no snapshot can be blamed for.
var errNoGit = errors.New("cannot run git")

// openRepo resolves path to the directory git runs in and the analysed
// prefix. A git that cannot run is an error wrapping errNoGit.
func openRepo(ctx context.Context, path, git string) (*repo, error) {
	r := &repo{git: git, display: path}
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
	out, err := r.run(ctx, "rev-parse", "--is-bare-repository")
	if errors.Is(err, errNoGit) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("not a git repository: %s", path)
	}
	if strings.TrimSpace(out) == "true" {
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
	return r, nil
}

// run runs git in the repository and returns its standard output; an
// error carries git's message.
func (r *repo) run(ctx context.Context, args ...string) (string, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, r.git, append([]string{"-C", r.dir}, args...)...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			return "", fmt.Errorf("%w %s: %w", errNoGit, r.git, err)
		}
		sub := args[0]
		if sub == "-c" && len(args) > 2 {
			sub = args[2]
		}
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return "", fmt.Errorf("git %s: %s", sub, msg)
		}
		return "", fmt.Errorf("git %s: %w", sub, err)
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
	args := []string{"-c", "log.showRoot=true", "log", "--first-parent", "--reverse", "--no-renames",
		"--diff-merges=first-parent", "--name-only", "-z", "--format=%x1e%H%x1f%cI%x1f%s", "--end-of-options", revRange}
	if r.prefix != "" {
		args = append(args, "--", ":(top)"+r.prefix)
	}
	out, err := r.run(ctx, args...)
	if err != nil {
		return nil, err
	}
	var commits []commit
	for _, rec := range strings.Split(out, "\x1e") {
		if rec == "" {
			continue
		}
		header, names, _ := strings.Cut(rec, "\x00")
		fields := strings.SplitN(header, "\x1f", 3)
		if len(fields) != 3 {
			return nil, fmt.Errorf("git log: unexpected output %q", header)
		}
		c := commit{hash: fields[0], time: fields[1], subject: fields[2]}
		for _, n := range strings.Split(strings.TrimPrefix(names, "\n"), "\x00") {
			if n != "" {
				c.files = append(c.files, n)
			}
		}
		commits = append(commits, c)
	}
	return commits, nil
}

// extract reads the tree of commit into mem with `git archive`; links is
// set when it holds a symbolic link.
func (r *repo) extract(ctx context.Context, hash string, mem *vfs.Mem) (links bool, err error) {
	var stderr bytes.Buffer
	args := []string{"-C", r.dir, "archive", "--format=tar", hash}
	cmd := exec.CommandContext(ctx, r.git, args...)
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return false, err
	}
	if err := cmd.Start(); err != nil {
		return false, fmt.Errorf("git archive: %w", err)
	}
	links, untarErr := untar(stdout, mem)
	// Drain what is left so that git does not block on a full pipe.
	_, _ = io.Copy(io.Discard, stdout)
	waitErr := cmd.Wait()
	if waitErr != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return false, fmt.Errorf("git archive: %s", msg)
		}
		return false, fmt.Errorf("git archive: %w", waitErr)
	}
	return links, untarErr
}

// untar reads the regular files, directories and symbolic links of a tar
// stream into mem; entries that would land outside it are refused. links
// is set when there was a symbolic link.
func untar(r io.Reader, mem *vfs.Mem) (links bool, err error) {
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return links, nil
		}
		if err != nil {
			return links, fmt.Errorf("reading git archive: %w", err)
		}
		name := strings.TrimSuffix(h.Name, "/")
		if name == "" || h.Typeflag == tar.TypeXGlobalHeader {
			continue
		}
		if !filepath.IsLocal(filepath.FromSlash(name)) || !fs.ValidPath(name) {
			return links, fmt.Errorf("git archive: entry outside the tree: %q", h.Name)
		}
		switch h.Typeflag {
		case tar.TypeDir:
			err = mem.Mkdir(name)
		case tar.TypeReg:
			var data []byte
			if data, err = io.ReadAll(tr); err != nil {
				return links, fmt.Errorf("reading git archive: %w", err)
			}
			mode := fs.FileMode(0o644)
			if h.Mode&0o111 != 0 {
				mode = 0o755
			}
			err = mem.WriteFile(name, data, mode)
		case tar.TypeSymlink:
			// Discovery names links leading out of the tree and never
			// follows them.
			links = true
			err = mem.Symlink(h.Linkname, name)
		}
		if err != nil {
			return links, err
		}
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
