package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/vfs"
)

// reportOf runs the engine over a directory holding files (name to
// text), ast-grep off, and assembles the run's report with in.
func reportOf(t *testing.T, files map[string]string, in ReportInputs) (*report.Report, error) {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	for name, text := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	cat, err := rules.Load(rules.CatalogOptions{})
	require.NoError(t, err)
	s := &Settings{
		Version: "9.9.9", Catalog: cat, Active: cat.Active(rules.SeverityWarning), RuleIDs: cat.IDs(),
		Languages: []*lang.Spec{lang.Python}, DisableSG: true, Workers: 1, MaxConfigSize: vfs.DefaultMaxRead,
	}
	walk, err := Discover(dir, nil, config.Default(dir), s, nil)
	require.NoError(t, err)
	run, err := Start(context.Background(), nil, dir, walk.Files, s, nil, nil)
	require.NoError(t, err)
	defer run.Close()
	in.Walk = walk
	return run.Report(context.Background(), nil, dir, s, in)
}

// The report of a run is assembled by the engine from the files' results
// and what the caller resolved: the directive policy, the profile's name,
// the catalog's identity; a run with nothing parsed is a partial report
// and ErrNoParsedFiles.
func TestRunReport(t *testing.T) {
	const unknownRule = "value = 1  # scbc ignore[not-a-rule]\n"
	tests := []struct {
		name    string
		files   map[string]string
		in      ReportInputs
		scanned int
		skipped int
		wantErr func(t *testing.T, err error)
	}{
		{
			name:  "a directive naming no rule is the file's directive error",
			files: map[string]string{"a.py": unknownRule},
			wantErr: func(t *testing.T, err error) {
				var de *source.DirectiveError
				assert.ErrorAs(t, err, &de)
			},
		},
		{
			name:    "without directive checks the same file is analysed",
			files:   map[string]string{"a.py": unknownRule},
			in:      ReportInputs{NoDirectiveChecks: true, Profile: "p"},
			scanned: 1,
		},
		{
			name:    "a file that does not parse alone is a partial report",
			files:   map[string]string{"a.py": "def broken(:\n"},
			skipped: 1,
			wantErr: func(t *testing.T, err error) { assert.ErrorIs(t, err, ErrNoParsedFiles) },
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := reportOf(t, tt.files, tt.in)
			if tt.wantErr != nil {
				tt.wantErr(t, err)
			} else {
				require.NoError(t, err)
			}
			if tt.scanned == 0 && tt.skipped == 0 {
				assert.Nil(t, r)
				return
			}
			require.NotNil(t, r)
			assert.Equal(t, tt.scanned, r.FilesScanned)
			assert.Len(t, r.Skipped, tt.skipped)
			assert.Equal(t, len(tt.files), r.FilesDiscovered)
			assert.Equal(t, tt.in.Profile, r.Compat)
			if tt.scanned > 0 {
				assert.Equal(t, "bundled:9.9.9", r.Catalog.Name)
				assert.True(t, r.AstGrep.Disabled)
			}
		})
	}
}
