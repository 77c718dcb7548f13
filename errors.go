package scbcheck

import (
	"errors"
	"io/fs"

	"github.com/scbcheck/scbcheck/internal/engine"
	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
)

// The error values a caller of Analyze or Session.Run can test with
// errors.Is; each error names what failed (the file, the key, the
// executable) in its message.
var (
	// ErrNoFiles: the path holds no file of an analysed language (the
	// message names the files of other languages found, if any).
	ErrNoFiles = source.ErrNoFiles
	// ErrNoParsedFiles: files were found but none parsed; the
	// *RunError's Skipped says why.
	ErrNoParsedFiles = engine.ErrNoParsedFiles
	// ErrAstGrepNotFound: the ast-grep executable (Options.AstGrep) does
	// not exist.
	ErrAstGrepNotFound = rules.ErrAstGrepNotFound
	// ErrAstGrepFailed: ast-grep could not be run, failed, took longer
	// than Options.AstGrepTimeout or printed what cannot be read. The
	// error is a *rules.AstGrepError whose Remedy says what may help.
	ErrAstGrepFailed = rules.ErrAstGrepFailed
	// ErrConfig: the configuration (Options.ConfigPath, or the one
	// discovered from WorkDir) cannot be read or is not valid, its compat
	// key or Options.Compat names no compatibility profile, or
	// Options.Languages names an unknown language or languages the
	// profile does not choose from (scb-check 0.1.3 reads Python only).
	ErrConfig = errors.New("invalid configuration")
	// ErrCatalog: a rule file (Options.CatalogPaths, ExtraRuleFiles)
	// cannot be read or is not valid, or two rules share an id.
	ErrCatalog = errors.New("invalid rule catalog")
	// ErrPathNotFound: the path to analyse (Options.Path, Target.Path)
	// does not exist, or none was given. The error of a path that does
	// not exist also matches fs.ErrNotExist, as do those
	// of other missing files (ast-grep is ErrAstGrepNotFound, the
	// configuration ErrConfig, a rule file ErrCatalog; the MCF file only
	// fs.ErrNotExist).
	ErrPathNotFound = errors.New("path not found")
	// ErrDirectives: a file's scbc directive is malformed or names an
	// unknown rule (a *source.DirectiveError lists them).
	ErrDirectives = errors.New("invalid directive")
)

// NoFilesError is the error that is ErrNoFiles: it names the languages
// of the files found that are not enabled.
type NoFilesError = source.NoFilesError

// marked is an error marked as one of the error values above: its
// message is the error's own, and errors.Is finds both.
type marked struct{ kind, err error }

func (e *marked) Error() string   { return e.err.Error() }
func (e *marked) Unwrap() []error { return []error{e.err, e.kind} }

// mark marks err (when not nil) as kind.
func mark(kind, err error) error {
	if err == nil || errors.Is(err, kind) {
		return err
	}
	return &marked{kind: kind, err: err}
}

// errNoPath is the error of a run given no path to analyse.
var errNoPath = errors.New("no path to analyse: the path is empty")

// pathError is the error of a path to analyse that cannot be found: its
// message names the path, and errors.Is finds its cause.
type pathError struct {
	path  string
	cause error
}

func (e *pathError) Error() string { return "path does not exist: " + e.path }
func (e *pathError) Unwrap() error { return e.cause }

// pathNotFound is the error of path, which cannot be found (cause is
// why): marked ErrPathNotFound when it does not exist.
func pathNotFound(path string, cause error) error {
	err := error(&pathError{path: path, cause: cause})
	if errors.Is(cause, fs.ErrNotExist) {
		return mark(ErrPathNotFound, err)
	}
	return err
}

// RunError is the error of a run that read its files but could not
// measure them: none parsed (ErrNoParsedFiles), or the ast-grep scan
// failed (ErrAstGrepFailed, ErrAstGrepNotFound; errors.As finds the
// *rules.AstGrepError and its Remedy). Such a run returns no report,
// since every metric would be wrong or missing; the error holds what the
// run read instead, for a caller to explain the failure. Its message is
// its cause's.
type RunError struct {
	// Err is the cause: errors.Is and errors.As find it, and what it
	// wraps, through the RunError.
	Err error
	// Root is the analysed directory (a file's directory), canonical;
	// the paths of Parsed and Skipped are relative to it and
	// slash-separated (Abs joins them back).
	Root string
	// FilesDiscovered is the number of files discovery returned.
	FilesDiscovered int
	// Parsed are the files read and parsed, sorted by path.
	Parsed []ParsedFile
	// Skipped are the files that could not be read or parsed, sorted by
	// path, each with the reason.
	Skipped []report.Skipped
	// Warnings are the inputs other than sources passed over, as
	// report.Report.Warnings.
	Warnings []option.Text
}

// ParsedFile is a file a failed run read and parsed (RunError.Parsed).
type ParsedFile struct {
	// Path is relative to RunError.Root.
	Path string
	// Language is the file's language ("python", "rust", ...).
	Language string
}

// Error is the cause's message.
func (e *RunError) Error() string {
	if e.Err == nil {
		return "the run failed"
	}
	return e.Err.Error()
}

// Unwrap is the cause.
func (e *RunError) Unwrap() error { return e.Err }

// Abs is the full path of a path of the error: joined to Root when it is
// relative and Root is set, else as it is.
func (e *RunError) Abs(path string) string { return (&report.Report{Root: e.Root}).Abs(path) }

// runError is the RunError of err, the error of the run whose partial
// report r is (its paths relative to its Root).
func runError(r *report.Report, err error) *RunError {
	e := &RunError{Err: err, Root: r.Root, FilesDiscovered: r.FilesDiscovered, Skipped: r.Skipped, Warnings: r.Warnings}
	for _, f := range r.Files {
		e.Parsed = append(e.Parsed, ParsedFile{Path: f.Path, Language: f.Language})
	}
	return e
}
