package gitrepo

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Commit is one commit of a history.
type Commit struct {
	// Hash is the full object name; Time the committer date (RFC 3339)
	// and Subject the first line of the message.
	Hash, Time, Subject string
	// Files are the paths the commit changed against its first parent
	// (every file for a root commit), as Commits lists them; Resolve
	// leaves it empty.
	Files []string
}

// CheckRange checks a range of Commits: "A..B" or a single revision, each
// end naming a commit of the repository. The errors name the range, not
// where it came from.
func (r *Repo) CheckRange(ctx context.Context, revRange string) error {
	ends := []string{revRange}
	if from, to, ok := strings.Cut(revRange, ".."); ok {
		if strings.HasPrefix(to, ".") {
			return fmt.Errorf("%s: expected A..B or a revision (A...B is not a first-parent range)", revRange)
		}
		ends = []string{from, to}
	}
	for _, e := range ends {
		if e == "" || strings.HasPrefix(e, "-") {
			return fmt.Errorf("%s: expected A..B or a revision", revRange)
		}
		if _, err := r.run(ctx, "rev-parse", "--verify", "--quiet", "--end-of-options", e+"^{commit}"); err != nil {
			return fmt.Errorf("unknown revision '%s' in %s", e, r.display)
		}
	}
	return nil
}

// Commits lists the first-parent commits of revRange (checked by
// CheckRange: "A..B", the commits after A up to B, or a revision and its
// whole history), oldest first, with the files each changed against its
// first parent; with a prefix, only the commits that touch it.
func (r *Repo) Commits(ctx context.Context, revRange string) ([]Commit, error) {
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

// parseLog reads the output of the log run by Commits.
func parseLog(out string) ([]Commit, error) {
	var commits []Commit
	fields := strings.Split(out, "\x00")
	for i := 0; i < len(fields); {
		if fields[i] != "" || i+3 >= len(fields) {
			if strings.Join(fields[i:], "") == "" {
				break
			}
			return nil, fmt.Errorf("git log: unexpected output %q", strings.Join(fields[i:min(i+4, len(fields))], " "))
		}
		c := Commit{Hash: fields[i+1], Time: fields[i+2], Subject: fields[i+3]}
		if !isHash(c.Hash) || c.Time == "" {
			return nil, fmt.Errorf("git log: unexpected output %q", strings.Join(fields[i+1:i+4], " "))
		}
		for i += 4; i < len(fields) && fields[i] != ""; i++ {
			name := fields[i]
			if len(c.Files) == 0 {
				name = strings.TrimPrefix(name, "\n")
			}
			c.Files = append(c.Files, name)
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

// Resolve names the commit a revision points to, with its committer date
// and subject.
func (r *Repo) Resolve(ctx context.Context, rev string) (Commit, error) {
	if rev == "" {
		return Commit{}, errors.New("empty revision")
	}
	out, err := r.run(ctx, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if errors.Is(err, ErrNoGit) {
		return Commit{}, err
	}
	if err != nil {
		if branch, unborn := r.unbornHead(ctx); unborn {
			return Commit{}, fmt.Errorf("unknown revision '%s' in %s: %w (branch %s has no commit yet)", rev, r.display, ErrUnbornHead, branch)
		}
		if r.shallow(ctx) {
			return Commit{}, fmt.Errorf("unknown revision '%s' in %s, a shallow clone that may lack it: fetch it with the "+
				"whole history (fetch-depth: 0 in actions/checkout, GIT_DEPTH: \"0\" in GitLab CI, git fetch --unshallow "+
				"by hand) and try again", rev, r.display)
		}
		return Commit{}, fmt.Errorf("unknown revision '%s' in %s", rev, r.display)
	}
	hash := strings.TrimSpace(out)
	out, err = r.run(ctx, "log", "-1", "--no-walk", "--format=%H%x1f%cI%x1f%s", "--end-of-options", hash)
	if err != nil {
		return Commit{}, err
	}
	fields := strings.SplitN(strings.TrimSuffix(out, "\n"), "\x1f", 3)
	if len(fields) != 3 || fields[0] != hash {
		return Commit{}, fmt.Errorf("git log: unexpected output %q", out)
	}
	return Commit{Hash: hash, Time: fields[1], Subject: fields[2]}, nil
}

// shallow reports whether the repository is a shallow clone (one whose
// history is cut off).
func (r *Repo) shallow(ctx context.Context) bool {
	out, _ := r.run(ctx, "rev-parse", "--is-shallow-repository")
	return strings.TrimSpace(out) == "true"
}

// ErrUnbornHead marks a revision that names no commit in a repository
// whose HEAD has none yet (a branch before its first commit).
var ErrUnbornHead = errors.New("HEAD is unborn")

// unbornHead reports whether HEAD names a branch that has no commit yet,
// and which.
func (r *Repo) unbornHead(ctx context.Context) (branch string, unborn bool) {
	if _, err := r.run(ctx, "rev-parse", "--verify", "--quiet", "HEAD"); err == nil {
		return "", false
	}
	out, err := r.run(ctx, "symbolic-ref", "--quiet", "--short", "HEAD")
	if err != nil {
		return "", false
	}
	return strings.TrimSpace(out), true
}

// ErrNoMergeBase marks two commits without a common ancestor in the
// repository (in a shallow clone, one may lie beyond its history).
var ErrNoMergeBase = errors.New("no merge base")

// MergeBase names the best common ancestor of the commits rev and HEAD
// name (`git merge-base`), with its date and subject. Without one the
// error wraps ErrNoMergeBase and, in a shallow clone, says how to fetch
// the history that may hold it.
func (r *Repo) MergeBase(ctx context.Context, rev string) (Commit, error) {
	c, err := r.Resolve(ctx, rev)
	if err != nil {
		return Commit{}, err
	}
	head, err := r.Resolve(ctx, "HEAD")
	if err != nil {
		return Commit{}, err
	}
	// Both are full hashes: nothing git could read as an option.
	out, err := r.run(ctx, "merge-base", c.Hash, head.Hash)
	if errors.Is(err, ErrNoGit) || ctx.Err() != nil {
		return Commit{}, err
	}
	base := strings.TrimSpace(out)
	if err == nil && isHash(base) {
		return r.Resolve(ctx, base)
	}
	if r.shallow(ctx) {
		return Commit{}, fmt.Errorf("%w of '%s' and HEAD in %s, a shallow clone: fetch the history "+
			"(git fetch --unshallow, or fetch-depth: 0 in actions/checkout) and try again", ErrNoMergeBase, rev, r.display)
	}
	if err != nil && strings.TrimSpace(err.Error()) != "git merge-base: exit status 1" {
		return Commit{}, err
	}
	return Commit{}, fmt.Errorf("%w: '%s' and HEAD have no common ancestor in %s", ErrNoMergeBase, rev, r.display)
}
