package trajectory

import (
	"archive/tar"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/lang"
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
}

// Git measures the first-parent history of a repository, oldest commit
// first. Each commit is read with `git archive` into a temporary
// directory, never into the repository's work tree. Without
// Analysis.Config each commit is analysed with the configuration it holds
// (as `check` run at its root would), else with the given one.
func Git(ctx context.Context, g GitOptions, opt Options) (*Trajectory, error) {
	if err := opt.shareCache(); err != nil {
		return nil, err
	}
	r, err := openRepo(ctx, g.Repo, g.Git)
	if err != nil {
		return nil, fmt.Errorf("--git: %w", err)
	}
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

	tmp, err := os.MkdirTemp("", "scb-check-trajectory-")
	if err != nil {
		return nil, fmt.Errorf("failed to create a temporary directory: %w", err)
	}
	defer os.RemoveAll(tmp)
	r.loadAttributes(ctx, commits)
	if err := r.prescan(ctx, commits, tmp, opt.Analysis); err != nil {
		return nil, err
	}
	snap := &snapshot{dir: filepath.Join(tmp, "snapshot")}
	t := &Trajectory{Points: make([]Point, len(commits))}
	for i, c := range commits {
		cp := Checkpoint{Label: c.hash[:min(12, len(c.hash))], Commit: c.hash, Time: c.time, Subject: c.subject}
		if opt.Progress != nil {
			opt.Progress(i, len(commits), cp)
		}
		p, err := r.measureCommit(ctx, snap, cp, opt.Analysis)
		if err != nil {
			return nil, fmt.Errorf("commit %s: %w", cp.Commit, err)
		}
		p.Index = i
		t.Points[i] = p
	}
	t.Summary = summarize(t.Points, opt.TopCallables)
	return t, nil
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
	a.Path, a.WorkDir = dir, dir
	return measure(ctx, a, cp)
}

// snapshot is the directory holding one commit's tree. It is kept from one
// commit to the next, and only what changed between them is written again,
// so that a long history costs what its changes cost.
type snapshot struct {
	dir string
	// commit is the commit the directory holds; empty when it holds none
	// for sure (at first, or after a failed update).
	commit string
}

// checkout makes snap hold the tree of commit hash, exactly as `git
// archive` writes it into an empty directory, plus an empty .git
// directory.
func (r *repo) checkout(ctx context.Context, snap *snapshot, hash string) error {
	prev := snap.commit
	snap.commit = ""
	if prev != "" {
		changes, whole, err := r.changes(ctx, prev, hash)
		if err != nil {
			return err
		}
		if !whole {
			if err := r.apply(ctx, snap.dir, hash, changes); err != nil {
				return err
			}
			snap.commit = hash
			return nil
		}
	}
	if err := os.RemoveAll(snap.dir); err != nil {
		return err
	}
	if err := os.Mkdir(snap.dir, 0o755); err != nil {
		return err
	}
	if err := r.extract(ctx, hash, snap.dir); err != nil {
		return err
	}
	// The snapshot's root is a repository root, as in a clone: an empty
	// .git directory stops config discovery and ignore files there.
	if err := os.Mkdir(filepath.Join(snap.dir, ".git"), 0o755); err != nil && !errors.Is(err, os.ErrExist) {
		return err
	}
	snap.commit = hash
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
	for _, c := range []string{from, to} {
		if r.archiveAttributes(ctx, c) {
			return nil, true, nil
		}
	}
	out, err := r.run(ctx, "diff-tree", "-r", "-z", "--no-renames", "--raw", "--end-of-options", from, to)
	if err != nil {
		return nil, false, err
	}
	fields := strings.Split(out, "\x00")
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

// apply turns the tree in dir into commit's: paths gone or changed are
// removed (with directories left empty), then the changed and new ones
// are written with `git archive`.
func (r *repo) apply(ctx context.Context, dir, commit string, changes []change) error {
	var write []string
	for _, c := range changes {
		p := filepath.Join(dir, filepath.FromSlash(c.path))
		if err := os.RemoveAll(p); err != nil {
			return err
		}
		if c.gone {
			removeEmptyParents(dir, filepath.Dir(p))
			continue
		}
		write = append(write, ":(literal)"+c.path)
	}
	// Keep each command line well under the system's limit.
	const batch = 500
	for len(write) > 0 {
		n := min(batch, len(write))
		if err := r.extract(ctx, commit, dir, write[:n]...); err != nil {
			return err
		}
		write = write[n:]
	}
	return nil
}

// removeEmptyParents removes p and its parents up to (not including) root
// while they are empty directories: git keeps no empty directory, so a
// fresh archive would not have them.
func removeEmptyParents(root, p string) {
	for p != root && strings.HasPrefix(p, root+string(filepath.Separator)) {
		if os.Remove(p) != nil {
			return
		}
		p = filepath.Dir(p)
	}
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

// extract writes the tree of commit (or only the given pathspecs of it)
// into dir with `git archive`.
func (r *repo) extract(ctx context.Context, hash, dir string, paths ...string) error {
	var stderr bytes.Buffer
	args := append([]string{"-C", r.dir, "archive", "--format=tar", hash, "--"}, paths...)
	cmd := exec.CommandContext(ctx, r.git, args...)
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("git archive: %w", err)
	}
	untarErr := untar(stdout, dir)
	// Drain what is left so that git does not block on a full pipe.
	_, _ = io.Copy(io.Discard, stdout)
	waitErr := cmd.Wait()
	if waitErr != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return fmt.Errorf("git archive: %s", msg)
		}
		return fmt.Errorf("git archive: %w", waitErr)
	}
	return untarErr
}

// untar writes the regular files, directories and symbolic links of a tar
// stream under dir; entries that would land outside dir are refused.
func untar(r io.Reader, dir string) error {
	tr := tar.NewReader(r)
	// The directories known to exist: most entries share their parent
	// with the one before.
	made := map[string]bool{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading git archive: %w", err)
		}
		name := strings.TrimSuffix(h.Name, "/")
		if name == "" || h.Typeflag == tar.TypeXGlobalHeader {
			continue
		}
		if !filepath.IsLocal(filepath.FromSlash(name)) {
			return fmt.Errorf("git archive: entry outside the tree: %q", h.Name)
		}
		p := filepath.Join(dir, filepath.FromSlash(name))
		if parent := filepath.Dir(p); !made[parent] {
			if err := os.MkdirAll(parent, 0o755); err != nil {
				return err
			}
			made[parent] = true
		}
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(p, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			mode := os.FileMode(0o644)
			if h.Mode&0o111 != 0 {
				mode = 0o755
			}
			f, err := os.OpenFile(p, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode)
			if err != nil {
				return err
			}
			_, err = io.Copy(f, tr)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
		case tar.TypeSymlink:
			// Discovery names links leading out of the tree and never
			// follows them.
			if err := os.Symlink(h.Linkname, p); err != nil {
				return err
			}
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
