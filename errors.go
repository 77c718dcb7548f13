package scbcheck

import (
	"errors"

	"github.com/scbcheck/scbcheck/internal/engine"
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
	// ErrNoParsedFiles: files were found but none parsed; the partial
	// report's Skipped says why.
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
	// does not exist. The error also matches fs.ErrNotExist, as do those
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
