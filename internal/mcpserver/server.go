// Package mcpserver is scb-check's Model Context Protocol server: tools
// (check, functions, rule, diff) that an agent calls to learn what its code
// does to the metrics, served over a pair of streams (the command's stdin
// and stdout). It translates each call into a run of the facade and the
// report into a bounded answer; it computes nothing of its own.
//
// A call's path must lie under an allowed root (the server's working
// directory, the roots it was started with and those the client
// announces) once its links are resolved; the trees measured are
// untrusted exactly as in `scb-check check`. Calls run concurrently and
// share one cache held in memory (or the session's cache directory), so
// that measuring a tree again after an edit costs about the files edited.
package mcpserver

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/internal/advice"
	"github.com/scbcheck/scbcheck/option"
)

// DefaultMaxText is the default bound on an answer's text, in
// characters: its text rendering, and its structured content once
// written as JSON, each stay within it.
const DefaultMaxText = 20000

// minMaxText is the smallest bound taken: an answer's head (the metrics,
// the rule's docs) must fit.
const minMaxText = 2000

// Config is what a server is started with.
type Config struct {
	// Options are the analysis settings of the server's command line.
	// Path, FS, WorkDir, Config, CacheStats and Progress are each call's;
	// a call may choose IncludeAll, Compat, Languages and DisableSG (the
	// values here are the defaults). Without CacheDir the cache is held
	// in memory.
	Options scbcheck.Options
	// WorkDir is the server's working directory: relative paths resolve
	// against it, it is an allowed root, and configuration is discovered
	// from it as `scb-check check` run there discovers it.
	WorkDir string
	// Roots are the other directories the tools may read (--root).
	Roots []string
	// MaxText bounds each answer (see DefaultMaxText, used when 0).
	MaxText int
	// Install is what to do about a missing ast-grep, for the way this
	// copy was installed (advice.InstallText).
	Install option.Text
	// Log receives the server's log lines; none when nil.
	Log io.Writer
	// Version is the version the server reports to the client.
	Version string
}

// server is one running server: its settings, roots and sessions.
type server struct {
	cfg   Config
	roots *roots
	// base is the session every call's session derives from: it holds
	// the cache.
	base *scbcheck.Session
	// sessions are the sessions derived for the settings calls chose.
	mu       sync.Mutex
	sessions map[string]*scbcheck.Session
	log      *slog.Logger
}

// Serve serves the protocol on in and out until the client closes in or
// ctx is cancelled. Nothing but protocol messages is written to out.
func Serve(ctx context.Context, cfg Config, in io.ReadCloser, out io.WriteCloser) error {
	s, err := newServer(cfg)
	if err != nil {
		return err
	}
	defer s.base.Close()
	srv := mcp.NewServer(&mcp.Implementation{Name: "scb-check", Version: cfg.Version}, &mcp.ServerOptions{
		Instructions: instructions,
		Logger:       s.log,
		// No logging capability: logs go to Config.Log only.
		Capabilities:              &mcp.ServerCapabilities{},
		SupportedProtocolVersions: protocolVersions(),
		RootsListChangedHandler:   func(context.Context, *mcp.RootsListChangedRequest) { s.roots.changed() },
	})
	for _, t := range tools {
		t.register(s, srv)
	}
	err = srv.Run(ctx, &mcp.IOTransport{Reader: in, Writer: out})
	if ctx.Err() != nil || err == io.EOF {
		return nil
	}
	return err
}

// rootsDropped is the first protocol version in which a server may no
// longer ask the client for its roots while serving a call (roots are
// deprecated there, asked for by multi round-trip input requests).
const rootsDropped = "2026-07-28"

// protocolVersions are the SDK's protocol versions in which the server
// can ask for the client's roots: a client that prefers a later one
// negotiates the latest of these.
func protocolVersions() []string {
	var out []string
	for _, v := range mcp.SupportedProtocolVersions() {
		if v < rootsDropped {
			out = append(out, v)
		}
	}
	return out
}

// instructions tell the client what the server is for.
const instructions = "scb-check measures how code erodes as it is extended (the SlopCodeBench metrics). " +
	"Call check on a directory to see erosion, verbosity and the findings; diff after an edit to see what it changed against HEAD " +
	"(the metric deltas, the functions it made more complex, the findings it added); functions for the most complex functions; " +
	"rule for what a finding's rule means and how to fix it."

// newServer resolves cfg: the bound, the roots, the base session.
func newServer(cfg Config) (*server, error) {
	if cfg.MaxText == 0 {
		cfg.MaxText = DefaultMaxText
	}
	if cfg.MaxText < minMaxText {
		return nil, fmt.Errorf("the answer bound %d is below the least, %d characters", cfg.MaxText, minMaxText)
	}
	log := slog.New(slog.DiscardHandler)
	if cfg.Log != nil {
		log = slog.New(slog.NewTextHandler(cfg.Log, nil))
	}
	r, err := newRoots(cfg.WorkDir, cfg.Roots, log)
	if err != nil {
		return nil, err
	}
	opt := cfg.Options
	if opt.CacheDir == "" {
		opt.MemoryCache = true
	}
	base, err := scbcheck.NewSession(opt)
	if err != nil {
		return nil, err
	}
	if err := base.OpenCache(); err != nil {
		return nil, err
	}
	return &server{cfg: cfg, roots: r, base: base, sessions: map[string]*scbcheck.Session{}, log: log}, nil
}

// choice is what a call chooses of the analysis settings: nil leaves the
// server's.
type choice struct {
	IncludeAll *bool
	Compat     *string
	Languages  []string
	DisableSG  *bool
}

// options are the server's analysis options with c's choices applied.
func (s *server) options(c choice) scbcheck.Options {
	opt := s.cfg.Options
	if c.IncludeAll != nil {
		opt.IncludeAll = *c.IncludeAll
	}
	if c.Compat != nil {
		opt.Compat = *c.Compat
	}
	if c.Languages != nil {
		opt.Languages = c.Languages
	}
	if c.DisableSG != nil {
		opt.DisableSG = *c.DisableSG
	}
	return opt
}

// session is the session of the settings c chooses, derived once.
func (s *server) session(c choice) (*scbcheck.Session, error) {
	opt := s.options(c)
	key := fmt.Sprintf("%t\x00%s\x00%s\x00%t", opt.IncludeAll, opt.Compat, strings.Join(opt.Languages, ","), opt.DisableSG)
	s.mu.Lock()
	defer s.mu.Unlock()
	if d, ok := s.sessions[key]; ok {
		return d, nil
	}
	d, err := s.base.Derive(opt)
	if err != nil {
		return nil, err
	}
	s.sessions[key] = d
	return d, nil
}

// message is err as a tool error: its chain with the advice `check`
// gives, the options named as a call names them.
func (s *server) message(err error) string {
	return advice.Message(err, callWords{}, s.cfg.Install)
}

// callWords names the options a call chooses by its arguments, and the
// others by the server's flags.
type callWords struct{}

// arguments are the options a call sets, as it sets them.
var arguments = map[option.Option]string{
	option.DisableSG: "disable_sg: true",
	option.Compat:    "compat",
	option.Languages: "languages",
	// diff's trees: its error about one names the argument.
	option.DiffBase: "base",
	option.DiffHead: "head",
}

// Name is o's argument, or the server's flag for it.
func (callWords) Name(o option.Option) string {
	if a, ok := arguments[o]; ok {
		return a
	}
	return "scb-check mcp's " + advice.Flags[o]
}

// Enable tells to call with o's argument, or to start the server with its
// flag.
func (w callWords) Enable(o option.Option) string {
	if a, ok := arguments[o]; ok {
		return "call with " + a
	}
	return "start scb-check mcp with " + advice.Flags[o]
}

// Set is o's argument with the values, or the server's flag with them.
func (w callWords) Set(o option.Option, values []string) string {
	if a, ok := arguments[o]; ok {
		return a + `: ["` + strings.Join(values, `", "`) + `"]`
	}
	return w.Name(o) + " " + strings.Join(values, ",")
}
