package engine

import (
	"context"
	"errors"
	"fmt"

	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/reuse"
	"github.com/scbcheck/scbcheck/vfs"
)

// ErrNoParsedFiles is Report's error when files were found but none
// parsed; the partial report's Skipped says why.
var ErrNoParsedFiles = errors.New("no supported source files could be parsed")

// ReportInputs is what a run's report takes besides its files' results:
// what the facade resolved from the options and the configuration.
type ReportInputs struct {
	// Walk is what discovery found.
	Walk Discovered
	// NoDirectiveChecks reads the files as if they held no directive (the
	// policy of a profile that has none): no error, no boundary.
	NoDirectiveChecks bool
	// MCF are the externally judged MCF scores (nil: none).
	MCF *reuse.MCF
	// Profile is the compatibility profile's name (report.Compat).
	Profile string
	// LowUse is the configuration's low-use rule settings.
	LowUse config.LowUse
	// Findings is the policy findings pass through.
	Findings finding.Policy
}

// Report assembles the report of the run over path (a file or directory
// of fsys): the files' results, DIR, the ast-grep scan's findings,
// verbosity, and the numbers of the production and the test code apart
// (report.Scopes). A file's invalid directive is its error (a
// *source.DirectiveError). When no file parsed, or the scan failed, it
// returns the partial report with the error (ErrNoParsedFiles, or the
// scan's).
func (r *Run) Report(ctx context.Context, fsys vfs.FS, path string, s *Settings, in ReportInputs) (*report.Report, error) {
	results := r.Results
	for i, res := range results {
		if in.NoDirectiveChecks {
			results[i].Directives, results[i].IgnoreErr = nil, nil
			continue
		}
		if res.IgnoreErr != nil {
			return nil, res.IgnoreErr
		}
	}
	rep := Assemble(results)
	if s.profile().FunctionClones {
		addBodies(rep, results)
	}
	rep.FilesDiscovered = len(in.Walk.Files)
	rep.Warnings = in.Walk.Warnings
	fsys = vfs.Or(fsys)
	// The steps over all files check for a cancellation between them.
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	rep.DIR = DIR(fsys, path, results, in.Walk.Data, r.DataStrings(s, fsys), s.MaxConfigSize)
	rep.MCF = in.MCF
	rep.IF50 = reuse.IF50(in.MCF, rep.DIR.Dir)
	rep.Compat = in.Profile
	if rep.FilesScanned == 0 {
		// The scan is stopped and waited for: it must not store findings
		// in a cache the caller lets go of.
		r.StopScan()
		return rep, fmt.Errorf("%w at %s", ErrNoParsedFiles, path)
	}
	found, err := r.Scan.Wait()
	if err != nil {
		// The partial report lets the caller still show the skipped files.
		return rep, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	cat := s.Catalog
	rep.AstGrep = report.AstGrepRun{Disabled: s.DisableSG, Binary: r.Scan.Binary, Version: r.Scan.Version}
	rep.Catalog = report.Catalog{
		Name: cat.Name(s.Version), Bundled: cat.Bundled, Rules: len(cat.Rules), Active: r.Scan.Active,
		Files: cat.CatalogFiles, ExtraFiles: cat.ExtraFiles,
	}
	if err := AddVerbosity(rep, fsys, results, s, found, in.LowUse, in.Findings); err != nil {
		return nil, err
	}
	if rep.Scopes, err = scopeNumbers(rep, fsys, results, s, found, in); err != nil {
		return nil, err
	}
	return rep, nil
}
