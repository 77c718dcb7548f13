package lang

import (
	"fmt"
	"path"
	"strings"
)

// IsTest reports whether the slash-separated path (relative to the
// analysed root) is the language's test code by its conventions: a base
// name matching one of the ExportSpec's TestFiles, or a directory of the
// path named as one of its TestDirs or lying at one of its TestDirPaths.
// DIR and the scopes (production and test code measured apart) read the
// same fact.
func (s *Spec) IsTest(rel string) bool { return s.Exports.IsTest(rel) }

// IsTest is Spec.IsTest on the fields of e.
func (e *ExportSpec) IsTest(rel string) bool {
	dir, base := path.Split(rel)
	for _, g := range e.TestFiles {
		if ok, _ := path.Match(g, base); ok {
			return true
		}
	}
	for _, seg := range strings.Split(strings.Trim(dir, "/"), "/") {
		for _, d := range e.TestDirs {
			if seg == d {
				return true
			}
		}
	}
	for _, d := range e.TestDirPaths {
		if strings.HasPrefix(dir, d+"/") || strings.Contains(dir, "/"+d+"/") {
			return true
		}
	}
	return false
}

// Scope is the part of a tree a run measures: all of it, its production
// code or its test code (Spec.IsTest, and the configuration's tests and
// production patterns, say which file is which).
type Scope string

// The scopes.
const (
	// ScopeAll measures every file: the reference's numbers.
	ScopeAll Scope = "all"
	// ScopeProduction measures the files that are not test code, as if
	// the test files were not in the tree.
	ScopeProduction Scope = "production"
	// ScopeTests measures the test files alone.
	ScopeTests Scope = "tests"
)

// Scopes are the scopes in the order the outputs list them.
var Scopes = []Scope{ScopeAll, ScopeProduction, ScopeTests}

// ParseScope returns the scope named s; "" is ScopeAll.
func ParseScope(s string) (Scope, error) {
	if s == "" {
		return ScopeAll, nil
	}
	for _, sc := range Scopes {
		if string(sc) == s {
			return sc, nil
		}
	}
	return "", fmt.Errorf("unknown scope %q (known: all, production, tests)", s)
}

// Keeps reports whether a run of the scope measures a file that is test
// code (test) or not.
func (s Scope) Keeps(test bool) bool {
	switch s {
	case ScopeProduction:
		return !test
	case ScopeTests:
		return test
	}
	return true
}
