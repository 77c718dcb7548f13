package trajectory

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
)

// measuredLog records Options.Measured's calls as "done/n".
type measuredLog struct {
	mu    sync.Mutex
	calls []string
}

func (l *measuredLog) record(done, n int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.calls = append(l.calls, fmt.Sprintf("%d/%d", done, n))
}

// TestMeasuredCounts: Measured counts every checkpoint once, 1 to n in
// order, whether it was measured (two at a time for a history), found to
// have the previous one's report, or has no numbers; each checkpoint's
// run reports its files through Analysis.Progress.
func TestMeasuredCounts(t *testing.T) {
	t.Run("directories", func(t *testing.T) {
		root, err := filepath.EvalSymlinks(t.TempDir())
		require.NoError(t, err)
		writeFiles(t, filepath.Join(root, "c0"), map[string]string{"a.py": smallFunction})
		writeFiles(t, filepath.Join(root, "c1"), map[string]string{"a.py": smallFunction, "b.py": smallFunction})
		writeFiles(t, filepath.Join(root, "c2"), map[string]string{"README.md": "# nothing to measure\n"})
		var log measuredLog
		var files []string
		opt := Options{Analysis: analysisOptions(t, root), Measured: log.record}
		opt.Analysis.Progress = func(p scbcheck.Progress) {
			files = append(files, fmt.Sprintf("%s %d/%d", p.Phase, p.Done, p.Total))
		}
		t.Chdir(root)
		_, err = Directories(context.Background(), []string{"c0", "c1", "c2"}, opt)
		require.NoError(t, err)
		assert.Equal(t, []string{"1/3", "2/3", "3/3"}, log.calls)
		assert.Equal(t, []string{"files 0/1", "files 1/1", "files 0/2", "files 1/2", "files 2/2"}, files,
			"each checkpoint's run counts its own files; c2 has none")
	})
	t.Run("git history", func(t *testing.T) {
		r, h := history(t)
		var log measuredLog
		_, err := Git(context.Background(), GitOptions{Repo: r.Dir}, Options{Analysis: analysisOptions(t, r.Dir), Measured: log.record})
		require.NoError(t, err)
		want := make([]string, len(h))
		for i := range h {
			want[i] = fmt.Sprintf("%d/%d", i+1, len(h))
		}
		assert.Equal(t, want, log.calls, "the docs-only commit reuses its parent's point and is counted too")
	})
}
