package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// rootsTimeout bounds the wait for the client's list of roots.
const rootsTimeout = 5 * time.Second

// roots are the directories a call's path may lie under: the server's
// own (its working directory, --root), fixed, and the client's, asked for
// on the first call and again after the client says they changed.
type roots struct {
	workDir string
	fixed   []string
	log     *slog.Logger

	// asking is held while the client is asked for its roots.
	asking sync.Mutex
	mu     sync.Mutex
	client []string
	// stale is set until the client's roots are asked for, and again
	// when it says they changed.
	stale bool
}

// newRoots resolves the server's own roots (links resolved, each must be
// a directory).
func newRoots(workDir string, extra []string, log *slog.Logger) (*roots, error) {
	if !filepath.IsAbs(workDir) {
		return nil, fmt.Errorf("the working directory %s is not absolute", workDir)
	}
	r := &roots{workDir: workDir, log: log, stale: true}
	for _, dir := range append([]string{workDir}, extra...) {
		abs := dir
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(workDir, abs)
		}
		real, err := filepath.EvalSymlinks(abs)
		if err != nil {
			return nil, fmt.Errorf("root %s: %w", dir, err)
		}
		r.fixed = append(r.fixed, real)
	}
	return r, nil
}

// changed marks the client's roots as to be asked for again. It is called
// while the client's notification is handled, when no request can be
// made; the next call asks.
func (r *roots) changed() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stale = true
}

// all returns the allowed roots, asking ss for the client's when they
// are stale (the calls that come meanwhile wait for the answer). A client
// that does not answer, or has no roots, adds none.
func (r *roots) all(ctx context.Context, ss *mcp.ServerSession) []string {
	r.asking.Lock()
	defer r.asking.Unlock()
	r.mu.Lock()
	stale := r.stale && ss != nil
	r.stale = r.stale && !stale
	r.mu.Unlock()
	if stale {
		client := r.ask(ctx, ss)
		r.mu.Lock()
		r.client = client
		// A call cancelled while asking leaves the question to the next.
		r.stale = r.stale || ctx.Err() != nil
		r.mu.Unlock()
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return append(append([]string(nil), r.fixed...), r.client...)
}

// ask asks the client for its roots: the file URIs' directories, links
// resolved (those that do not exist are left out).
func (r *roots) ask(ctx context.Context, ss *mcp.ServerSession) []string {
	ctx, cancel := context.WithTimeout(ctx, rootsTimeout)
	defer cancel()
	res, err := ss.ListRoots(ctx, nil)
	if err != nil {
		r.log.Info("no roots from the client", "error", err)
		return nil
	}
	var out []string
	for _, root := range res.Roots {
		u, err := url.Parse(root.URI)
		if err != nil || u.Scheme != "file" || (u.Host != "" && u.Host != "localhost") {
			r.log.Info("root passed over: not a local file URI", "uri", root.URI)
			continue
		}
		real, err := filepath.EvalSymlinks(filepath.FromSlash(u.Path))
		if err != nil {
			r.log.Info("root passed over", "uri", root.URI, "error", err)
			continue
		}
		out = append(out, real)
	}
	r.log.Info("client roots", "roots", strings.Join(out, string(filepath.ListSeparator)))
	return out
}

// errOutside is the error of a path under no allowed root.
var errOutside = errors.New("outside the allowed roots")

// resolve is path as a call names it, relative to the working directory,
// its links resolved, when it lies under one of allowed; else an error
// naming it. A missing path under a root is fs.ErrNotExist; one whose
// place is not under a root is refused the same way as an existing one,
// so that a refusal tells nothing of what lies outside.
func (r *roots) resolve(path string, allowed []string) (string, error) {
	if path == "" {
		return "", errors.New("path is empty: name a file or directory")
	}
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(r.workDir, abs)
	}
	abs = filepath.Clean(abs)
	refused := fmt.Errorf("path %s is %w (the server's working directory %s, its --root directories and the client's roots); it was not read",
		path, errOutside, r.workDir)
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		if !under(existingPart(abs), allowed) {
			return "", refused
		}
		if errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("path does not exist: %s: %w", path, fs.ErrNotExist)
		}
		return "", fmt.Errorf("path %s: %w", path, err)
	}
	if !under(real, allowed) {
		return "", refused
	}
	return real, nil
}

// under reports whether path is one of dirs or lies under one.
func under(path string, dirs []string) bool {
	for _, d := range dirs {
		rel, err := filepath.Rel(d, path)
		if err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel) {
			return true
		}
	}
	return false
}

// existingPart is abs with the links of its longest existing ancestor
// resolved and the rest joined as it is: where a missing path would be.
func existingPart(abs string) string {
	rest := ""
	for p := abs; ; p = filepath.Dir(p) {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(real, rest)
		}
		if filepath.Dir(p) == p {
			return abs
		}
		rest = filepath.Join(filepath.Base(p), rest)
	}
}
