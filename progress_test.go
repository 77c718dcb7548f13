package scbcheck_test

import (
	"bytes"
	"context"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/report"
)

// progressLog records a run's progress reports, and whether the callback
// was ever entered while another call was in it.
type progressLog struct {
	mu         sync.Mutex
	inside     atomic.Int32
	overlapped atomic.Bool
	byPhase    map[scbcheck.Phase][]scbcheck.Progress
}

func (l *progressLog) record(p scbcheck.Progress) {
	if l.inside.Add(1) > 1 {
		l.overlapped.Store(true)
	}
	defer l.inside.Add(-1)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.byPhase == nil {
		l.byPhase = map[scbcheck.Phase][]scbcheck.Progress{}
	}
	l.byPhase[p.Phase] = append(l.byPhase[p.Phase], p)
}

// counting is the reports a phase of n units must make, in order: none
// done, then one more each time, up to n.
func counting(phase scbcheck.Phase, n int) []scbcheck.Progress {
	want := make([]scbcheck.Progress, n+1)
	for i := range want {
		want[i] = scbcheck.Progress{Phase: phase, Done: i, Total: n}
	}
	return want
}

// TestProgress: every file is reported once, the counts rising by one
// from 0 to the number of files found; the ast-grep scan is 0 of 1, then
// 1 of 1; no call overlaps another; and the report is the one of a run
// without progress.
func TestProgress(t *testing.T) {
	astGrep := testkit.AstGrep(t)
	cases := []struct {
		name      string
		disableSG bool
		cached    bool
	}{
		{name: "with ast-grep"},
		{name: "without ast-grep: no scan reported", disableSG: true},
		{name: "read back from a cache", cached: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			opt := scbcheck.Options{
				Path: "testdata", Config: config.Default("testdata"), Workers: 4, IncludeAll: true,
				AstGrep: astGrep, DisableSG: tc.disableSG,
			}
			if tc.cached {
				opt.CacheDir = t.TempDir()
				_, err := scbcheck.Analyze(context.Background(), opt)
				require.NoError(t, err, "filling the cache")
			}
			plain, err := scbcheck.Analyze(context.Background(), opt)
			require.NoError(t, err)
			var log progressLog
			opt.Progress = log.record
			r, err := scbcheck.Analyze(context.Background(), opt)
			require.NoError(t, err)

			assert.False(t, log.overlapped.Load(), "the callback is called one call at a time")
			require.Greater(t, r.FilesDiscovered, 10, "the fixture tree has many files")
			assert.Equal(t, counting(scbcheck.PhaseFiles, r.FilesDiscovered), log.byPhase[scbcheck.PhaseFiles])
			if tc.disableSG {
				assert.Empty(t, log.byPhase[scbcheck.PhaseAstGrep])
			} else {
				assert.Equal(t, counting(scbcheck.PhaseAstGrep, 1), log.byPhase[scbcheck.PhaseAstGrep])
			}
			var want, got bytes.Buffer
			require.NoError(t, report.WriteJSON(&want, plain))
			require.NoError(t, report.WriteJSON(&got, r))
			assert.Equal(t, want.String(), got.String(), "progress changes nothing of the report")
		})
	}
}

func TestPhaseNames(t *testing.T) {
	assert.Equal(t, "files", scbcheck.PhaseFiles.String())
	assert.Equal(t, "ast-grep", scbcheck.PhaseAstGrep.String())
}
