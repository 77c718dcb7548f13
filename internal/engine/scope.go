package engine

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/report"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/vfs"
)

// inScope marks which of the walk's files are test code (markTests) and
// keeps those of the scope: the files of the other scope are left out
// before anything reads them, as if they were not in the tree. A scope
// that keeps none of the files found is ErrNoFiles, as a tree holding
// none.
func inScope(path string, fsys vfs.FS, cfg *config.Config, scope lang.Scope, walk Discovered) (Discovered, error) {
	if err := markTests(path, fsys, cfg, walk.Files); err != nil {
		return Discovered{}, err
	}
	if scope == lang.ScopeAll || scope == "" {
		return walk, nil
	}
	kept := walk.Files[:0:0]
	for _, f := range walk.Files {
		if scope.Keeps(f.Test) {
			kept = append(kept, f)
		}
	}
	if len(kept) == 0 {
		other := "test"
		if scope == lang.ScopeTests {
			other = "production"
		}
		found := fmt.Sprintf("the %d files found are all", len(walk.Files))
		if len(walk.Files) == 1 {
			found = "the one file found is"
		}
		return Discovered{}, fmt.Errorf("%w at %s: %s %s code (scope %s)", source.ErrNoFiles, path, found, other, scope)
	}
	walk.Files = kept
	return walk, nil
}

// markTests sets the Test mark of each file: a file matching one of the
// configuration's tests globs is test code, else one matching one of its
// production globs is not, else its language's conventions decide
// (lang.Spec.IsTest), on its path relative to the analysed directory
// (path, or a file's directory). The globs are relative to the
// configuration's directory, as its excludes are.
func markTests(path string, fsys vfs.FS, cfg *config.Config, files []source.SourceFile) error {
	root, err := vfs.CanonicalDir(fsys, path)
	if err != nil {
		return err
	}
	tests, err := compileScopeGlobs(cfg, "tests", cfg.Tests)
	if err != nil {
		return err
	}
	production, err := compileScopeGlobs(cfg, "production", cfg.Production)
	if err != nil {
		return err
	}
	base := cfg.BaseDir
	if real, err := vfs.Canonical(fsys, base); err == nil {
		base = real
	}
	for i := range files {
		f := &files[i]
		switch {
		case tests != nil && tests.Match(base, f.Path) != "":
			f.Test = true
		case production != nil && production.Match(base, f.Path) != "":
			f.Test = false
		default:
			rel := source.RelativeTo(root, f.Path)
			if filepath.IsAbs(rel) {
				// Not below the analysed directory: its name alone
				// can say it is a test.
				rel = filepath.Base(rel)
			}
			f.Test = f.Lang.IsTest(filepath.ToSlash(rel))
		}
	}
	return nil
}

// CheckScopeGlobs returns the error of the first of cfg's tests and
// production globs that does not compile, naming the file and the key;
// nil when they all do.
func CheckScopeGlobs(cfg *config.Config) error {
	if _, err := compileScopeGlobs(cfg, "tests", cfg.Tests); err != nil {
		return err
	}
	_, err := compileScopeGlobs(cfg, "production", cfg.Production)
	return err
}

// compileScopeGlobs compiles the globs of the configuration key; nil
// when there are none. A bad glob is an error naming the file and the
// key.
func compileScopeGlobs(cfg *config.Config, key string, globs []string) (*source.Excludes, error) {
	if len(globs) == 0 {
		return nil, nil
	}
	for _, g := range globs {
		if _, err := source.CompileExcludes([]string{g}); err != nil {
			where := cfg.Path
			if where == "" {
				where = "configuration"
			}
			if cause := errors.Unwrap(err); cause != nil {
				err = cause
			}
			return nil, fmt.Errorf("%s: key %q: invalid glob %q: %w", where, key, g, err)
		}
	}
	return source.CompileExcludes(globs)
}

// scopeNumbers measures the production code and the test code of the
// run's results apart, from the analyses already made (no file is read
// or parsed again): each scope's files go through Assemble and
// AddVerbosity with the ast-grep findings in them, as a run of that scope
// alone would take them. whole is the report of all the results: a scope
// holding every file has its numbers, one holding none is all zeros.
func scopeNumbers(whole *report.Report, fsys vfs.FS, results []Result, s *Settings, found []finding.Finding, in ReportInputs) (*report.Scopes, error) {
	var prod, tests []Result
	testPaths := map[string]bool{}
	for _, res := range results {
		if res.File.Test {
			tests = append(tests, res)
			testPaths[res.File.Path] = true
		} else {
			prod = append(prod, res)
		}
	}
	var prodFound, testsFound []finding.Finding
	for _, f := range found {
		if testPaths[f.Path] {
			testsFound = append(testsFound, f)
		} else {
			prodFound = append(prodFound, f)
		}
	}
	measure := func(part []Result, found []finding.Finding) (*report.Report, error) {
		switch len(part) {
		case 0:
			return &report.Report{Compat: whole.Compat, AstGrep: whole.AstGrep}, nil
		case len(results):
			return whole.Numbers(), nil
		}
		r := Assemble(part)
		r.FilesDiscovered, r.AstGrep, r.Compat = len(part), whole.AstGrep, whole.Compat
		if err := AddVerbosity(r, fsys, part, s, found, in.LowUse, in.Findings); err != nil {
			return nil, err
		}
		return r.Numbers(), nil
	}
	p, err := measure(prod, prodFound)
	if err != nil {
		return nil, err
	}
	t, err := measure(tests, testsFound)
	if err != nil {
		return nil, err
	}
	return &report.Scopes{Production: p, Tests: t}, nil
}
