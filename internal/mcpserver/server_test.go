package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
)

// testServer is a server over an in-memory transport with the tools
// given, and a client session connected to it.
func testServer(t *testing.T, ts ...tool) *mcp.ClientSession {
	t.Helper()
	s, err := newServer(Config{WorkDir: t.TempDir(), Options: scbcheck.Options{DisableSG: true}})
	require.NoError(t, err)
	t.Cleanup(func() { s.base.Close() })
	srv := mcp.NewServer(&mcp.Implementation{Name: "scb-check", Version: "test"}, &mcp.ServerOptions{SupportedProtocolVersions: protocolVersions()})
	for _, tl := range ts {
		tl.register(s, srv)
	}
	st, ct := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := srv.Connect(ctx, st, nil)
	require.NoError(t, err)
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	require.NoError(t, err)
	t.Cleanup(func() { cs.Close() })
	return cs
}

// A panic in a tool's handler is that call's tool error; the server goes
// on answering.
func TestPanicIsAToolError(t *testing.T) {
	boom := newTool("boom", "panics", nil, func(*server, *call, ruleArgs) (RuleAnswer, error) { panic("index out of range") })
	cs := testServer(t, boom, tools[2])
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "boom", Arguments: map[string]any{"id": "x"}})
	require.NoError(t, err)
	require.True(t, res.IsError)
	assert.Equal(t, "internal error in scb-check's boom tool (a bug; please report it): index out of range", res.Content[0].(*mcp.TextContent).Text)

	res, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "rule", Arguments: map[string]any{"id": "bool-comparison"}})
	require.NoError(t, err)
	assert.False(t, res.IsError, "the server still answers")
}

// fit keeps the most items whose text and JSON stay within the bound.
func TestFit(t *testing.T) {
	a := CheckAnswer{Root: "/r", Metrics: map[string]*float64{}, Findings: []Finding{}, FindingsTotal: 100}
	for i := range 100 {
		a.Findings = append(a.Findings, Finding{File: fmt.Sprintf("f%03d.py", i), Line: 1, Rule: "r", Message: strings.Repeat("m", 50)})
	}
	for _, max := range []int{2000, 5000, 9000} {
		got := fit(a, max)
		assert.Equal(t, 100, len(got.Findings)+got.LeftOut, "max %d", max)
		j, err := json.Marshal(got)
		require.NoError(t, err)
		assert.LessOrEqual(t, len(got.text()), max)
		assert.LessOrEqual(t, len(j), max)
		require.Positive(t, got.LeftOut, "max %d is below the whole answer", max)
		more := a.keep(len(got.Findings) + 1)
		j, err = json.Marshal(more)
		require.NoError(t, err)
		assert.True(t, len(more.text()) > max || len(j) > max, "one more finding would not fit")
	}
	assert.Equal(t, 0, fit(a, 1<<20).LeftOut, "all fit")
}

// A path resolves against the working directory, its links resolved, and
// is refused, by name, when it lies under no allowed root; a missing path
// under a root is said missing, one outside refused alike.
func TestResolve(t *testing.T) {
	work, outside := t.TempDir(), t.TempDir()
	work, _ = filepath.EvalSymlinks(work)
	outside, _ = filepath.EvalSymlinks(outside)
	require.NoError(t, os.WriteFile(filepath.Join(work, "a.py"), nil, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(outside, "b.py"), nil, 0o644))
	require.NoError(t, os.Symlink(outside, filepath.Join(work, "out")))
	require.NoError(t, os.Symlink(work, filepath.Join(outside, "back")))
	r, err := newRoots(work, nil, nil)
	require.NoError(t, err)
	tests := []struct {
		name, path, want, err string
	}{
		{"a relative path is under the working directory", "a.py", filepath.Join(work, "a.py"), ""},
		{"the working directory itself", ".", work, ""},
		{"an absolute path inside", filepath.Join(work, "a.py"), filepath.Join(work, "a.py"), ""},
		{"a link out of the root is refused", "out/b.py", "", "path out/b.py is outside the allowed roots"},
		{"dot-dot out of the root is refused", "../" + filepath.Base(outside), "", "is outside the allowed roots"},
		{"a path outside is refused", filepath.Join(outside, "b.py"), "", "path " + filepath.Join(outside, "b.py") + " is outside"},
		{"a link from outside back in is allowed", filepath.Join(outside, "back", "a.py"), filepath.Join(work, "a.py"), ""},
		{"a missing path inside is missing", "none.py", "", "path does not exist: none.py"},
		{"a missing path outside is refused", filepath.Join(outside, "none.py"), "", "is outside the allowed roots"},
		{"a missing path behind a link out is refused", "out/none.py", "", "is outside the allowed roots"},
		{"an empty path", "", "", "path is empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := r.resolve(tt.path, r.fixed)
			if tt.err != "" {
				assert.ErrorContains(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
	got, err := r.resolve(filepath.Join(outside, "b.py"), append(r.fixed, outside))
	require.NoError(t, err, "allowed once its directory is a root")
	assert.Equal(t, filepath.Join(outside, "b.py"), got)
}

// The server speaks over the streams it is given: of the SDK's
// transports (stdio, HTTP, SSE, a command's pipes) its code names only
// IOTransport, so the HTTP transports the SDK links in never start.
func TestServerSpeaksOnlyOverStreams(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	var transports []string
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		require.NoError(t, err)
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "mcp" && strings.Contains(sel.Sel.Name, "Transport") {
					transports = append(transports, path+": mcp."+sel.Sel.Name)
				}
				if strings.Contains(sel.Sel.Name, "HTTP") || strings.Contains(sel.Sel.Name, "SSE") {
					transports = append(transports, path+": "+sel.Sel.Name)
				}
			}
			return true
		})
	}
	assert.Equal(t, []string{"server.go: mcp.IOTransport"}, transports)
}
