package compat013

import (
	"encoding/json"
	"fmt"

	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/finding"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/verbosity"
	"github.com/scbcheck/scbcheck/vfs"
)

// Collect is scb-check 0.1.3's findings step (0.1.3 §7, §8, §10): as
// verbosity.Collect, with 0.1.3's trivial wrappers (TrivialWrappers over
// the files' WrapperFacts, carried in their ProfileData, and their module
// names, looked up in fsys) as the only structural rule; lowUse is not
// read (0.1.3 has no low-use-short-function).
//
// A finding of a rule of severity error is an error: 0.1.3's sg would
// exit 1 on it and 0.1.3 would then drop every ast-grep finding of the
// run, silently; the profile fails loudly instead, as it does where 0.1.3
// drops them for other reasons.
func Collect(fsys vfs.FS, files []verbosity.File, astGrep []finding.Finding, cat *rules.Catalog, _ config.LowUse, policy finding.Policy) (verbosity.Outcome, error) {
	var first *finding.Finding
	for i, f := range astGrep {
		// The first by place, whatever order the scan gave.
		if f.Severity == finding.Critical && (first == nil || f.Path < first.Path ||
			f.Path == first.Path && (f.Line < first.Line || f.Line == first.Line && f.RuleID < first.RuleID)) {
			first = &astGrep[i]
		}
	}
	if first != nil {
		return verbosity.Outcome{}, fmt.Errorf("%s:%d: rule %s has severity error: scb-check 0.1.3's ast-grep run would fail on it and drop every ast-grep finding; give the rule another severity, or run without ast-grep",
			first.Path, first.Line, first.RuleID)
	}
	wfiles := make([]WrapperFile, 0, len(files))
	for _, f := range files {
		if f.ProfileData == nil {
			continue
		}
		w := WrapperFile{Path: f.Path, Module: moduleName(fsys, f.Path, python.PackageFile)}
		if err := json.Unmarshal(f.ProfileData, &w.Facts); err != nil {
			return verbosity.Outcome{}, fmt.Errorf("%s: reading its 0.1.3 wrapper facts: %w", f.Path, err)
		}
		wfiles = append(wfiles, w)
	}
	return verbosity.CollectWith(files, astGrep, cat, policy, func() []finding.Finding {
		return TrivialWrappers(wfiles)
	})
}
