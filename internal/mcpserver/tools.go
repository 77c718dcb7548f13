package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"sort"
	"time"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/report"
)

// tool is one tool of the server: registering it adds its schema and
// handler.
type tool struct {
	name     string
	register func(s *server, srv *mcp.Server)
}

// tools are the server's tools, in the order they are listed. A tool is
// one entry: its description, its argument and answer types (their
// schemas are derived from them) and its handler.
var tools = []tool{
	newTool("check", checkDescription, checkSchema, (*server).check),
	newTool("functions", functionsDescription, functionsSchema, (*server).functions),
	newTool("rule", ruleDescription, nil, (*server).rule),
	newTool("diff", diffDescription, diffSchema, (*server).diff),
}

// answerOf is a tool's answer: its structured content, which renders
// itself as text and can be cut down to fit the bound.
type answerOf[A any] interface {
	// text is the answer's text rendering.
	text() string
	// items is how many items its list (findings, functions, examples)
	// holds.
	items() int
	// keep is the answer with only its first n items, the others counted
	// as left out for the bound (n <= items()).
	keep(n int) A
}

// nullable is an answer some of whose members may be null: it gives
// them back the null type singleTypes took away.
type nullable interface {
	nullable(out *jsonschema.Schema)
}

// call is one tool call being served.
type call struct {
	ctx  context.Context
	req  *mcp.CallToolRequest
	prog *progress
}

// session is the client's session the call came in, nil without one.
func (c *call) session() *mcp.ServerSession {
	if c.req == nil {
		return nil
	}
	return c.req.Session
}

// newTool makes the tool name: its input schema is In's (with adjust
// applied, when not nil: enums, defaults), its output schema Out's (its
// nullable members marked, see nullable), and
// h answers a call. Around h, the call's answer is bounded, its progress
// sent, its error worded with the advice check gives, and a panic made a
// tool error.
func newTool[In any, Out answerOf[Out]](name, description string, adjust func(*jsonschema.Schema), h func(*server, *call, In) (Out, error)) tool {
	return tool{name: name, register: func(s *server, srv *mcp.Server) {
		in, err := jsonschema.For[In](nil)
		if err != nil {
			panic(fmt.Sprintf("tool %s: %v", name, err))
		}
		out, err := jsonschema.For[Out](nil)
		if err != nil {
			panic(fmt.Sprintf("tool %s: %v", name, err))
		}
		singleTypes(in)
		singleTypes(out)
		if adjust != nil {
			adjust(in)
		}
		var zero Out
		if n, ok := any(zero).(nullable); ok {
			n.nullable(out)
		}
		t := &mcp.Tool{Name: name, Description: description, InputSchema: in, OutputSchema: out}
		mcp.AddTool(srv, t, func(ctx context.Context, req *mcp.CallToolRequest, args In) (*mcp.CallToolResult, Out, error) {
			var zero Out
			start := time.Now()
			out, err := serve(s, name, &call{ctx: ctx, req: req}, args, h)
			if err != nil {
				s.log.Info("call failed", "tool", name, "duration", time.Since(start).String(), "error", err)
				return nil, zero, errors.New(s.bound(s.message(err)))
			}
			out = fit(out, s.cfg.MaxText)
			s.log.Info("call answered", "tool", name, "duration", time.Since(start).String())
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: out.text()}}}, out, nil
		})
	}}
}

// singleTypes gives each property of s (and of its objects and arrays)
// the one type of its Go field: an optional argument is left out, not
// null, and a list is always a list, so a client whose schema dialect
// takes one type per property reads the schema as meant. A map's values
// (the metrics, null when a metric has no value) keep theirs.
func singleTypes(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	if len(s.Types) == 2 && s.Types[0] == "null" {
		s.Type, s.Types = s.Types[1], nil
	}
	for _, p := range s.Properties {
		singleTypes(p)
	}
	singleTypes(s.Items)
}

// serve runs h on args, its progress sent while it runs; a panic in it
// is an error of the call, not the end of the server.
func serve[In, Out any](s *server, name string, c *call, args In, h func(*server, *call, In) (Out, error)) (out Out, err error) {
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("panic in a tool", "tool", name, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			err = fmt.Errorf("internal error in scb-check's %s tool (a bug; please report it): %v", name, p)
		}
	}()
	c.prog = startProgress(c.ctx, c.req)
	defer c.prog.end()
	return h(s, c, args)
}

// fit is a cut to the most items whose text and JSON each stay within
// max characters (a with none when even that does not fit).
func fit[A answerOf[A]](a A, max int) A {
	fits := func(n int) bool {
		b := a.keep(n)
		if utf8.RuneCountInString(b.text()) > max {
			return false
		}
		j, err := json.Marshal(b)
		return err == nil && utf8.RuneCount(j) <= max
	}
	n := a.items()
	if fits(n) {
		return a
	}
	return a.keep(sort.Search(n, func(k int) bool { return !fits(k + 1) }))
}

// bound cuts a message to the bound, saying how much was left out.
func (s *server) bound(msg string) string {
	if utf8.RuneCountInString(msg) <= s.cfg.MaxText {
		return msg
	}
	r := []rune(msg)
	keep := s.cfg.MaxText - 100
	return string(r[:keep]) + fmt.Sprintf("\n… %d more characters left out (answers are bounded at %d characters)", len(r)-keep, s.cfg.MaxText)
}

// analyse runs the session's analysis of path (resolved against the
// allowed roots first) with the call's progress sent, and returns the
// report and what the run found in the cache.
func (s *server) analyse(c *call, sess *scbcheck.Session, path string) (*report.Report, scbcheck.CacheStats, error) {
	var stats scbcheck.CacheStats
	real, err := s.roots.resolve(path, s.roots.all(c.ctx, c.session()))
	if err != nil {
		return nil, stats, err
	}
	r, err := sess.Run(c.ctx, scbcheck.Target{Path: real, WorkDir: s.cfg.WorkDir, CacheStats: &stats, Progress: c.prog.callback()})
	if err != nil && c.ctx.Err() != nil {
		return nil, stats, fmt.Errorf("cancelled: %w", c.ctx.Err())
	}
	if err != nil {
		return nil, stats, err
	}
	s.log.Info("run", "path", real, "files", r.FilesScanned, "file_hits", stats.FileHits, "file_misses", stats.FileMisses,
		"scan_hits", stats.ScanHits, "scan_misses", stats.ScanMisses)
	return r, stats, nil
}

// Cache is what a run found in the server's cache: the files whose
// measurements and ast-grep findings were read back (hits) or made
// (misses).
type Cache struct {
	FileHits   int `json:"file_hits"`
	FileMisses int `json:"file_misses"`
	ScanHits   int `json:"scan_hits"`
	ScanMisses int `json:"scan_misses"`
}

// cacheOf is the Cache of stats.
func cacheOf(stats scbcheck.CacheStats) Cache {
	return Cache{FileHits: stats.FileHits, FileMisses: stats.FileMisses, ScanHits: stats.ScanHits, ScanMisses: stats.ScanMisses}
}

// leftOutLine says how many items of what the bound left out ("" when
// none).
func leftOutLine(n int, what string) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("… %d more %s left out to keep the answer within the server's size bound\n", n, what)
}
