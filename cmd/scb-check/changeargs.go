package main

import (
	"fmt"
	"io"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/change"
)

// The options of check that judge a change (golangci-lint's names).
const (
	flagNewFromRev       = "--new-from-rev"
	flagNewFromMergeBase = "--new-from-merge-base"
	flagNewFromPatch     = "--new-from-patch"
	flagStaged           = "--staged"
	// flagWriteMarkdown writes the change's Markdown to a file besides
	// the output (the Action's job summary beside its SARIF, from one
	// analysis).
	flagWriteMarkdown = "--write-markdown"
)

// changeArgs is the change check judges: which of its options was given
// ("" for none, a plain check) and its value (a revision, a reference, a
// patch file; "" for --staged).
type changeArgs struct {
	flag, value string
}

// changeMetavars are the change options' value names, for their messages.
var changeMetavars = map[string]string{
	flagNewFromRev: "<REV>", flagNewFromMergeBase: "<REF>", flagNewFromPatch: "<FILE>", flagStaged: "",
}

// spelled is a change option as its messages name it: "--new-from-rev
// <REV>", "--staged".
func spelled(flag string) string {
	if m := changeMetavars[flag]; m != "" {
		return flag + " " + m
	}
	return flag
}

// changeOption is a change option taking the value metavar ("" for a
// flag): the four exclude one another (a usage error naming both); the
// same one given again is taken, the last value winning, as other
// options are.
func changeOption(metavar string) checkOption {
	return checkOption{metavar, func(a *checkArgs, name, value string) error {
		if prev := a.change.flag; prev != "" && prev != name {
			return usagef("error: the argument '%s' cannot be used with '%s'", spelled(name), spelled(prev))
		}
		if metavar != "" && value == "" {
			return usagef("error: invalid value '' for '%s': expected %s", spelled(name), map[string]string{
				"<REV>": "a revision", "<REF>": "a reference", "<FILE>": "a patch file",
			}[metavar])
		}
		a.change = changeArgs{flag: name, value: value}
		return nil
	}}
}

// writeMarkdownOption is --write-markdown <FILE>.
var writeMarkdownOption = checkOption{"<FILE>", func(a *checkArgs, name, value string) error {
	if value == "" {
		return usagef("error: invalid value '' for '%s <FILE>': expected a file name", name)
	}
	a.markdownFile = value
	return nil
}}

// validateMarkdown rejects the Markdown output, and its file, without a
// change option: the Markdown is a change's (base and head numbers, the
// functions made worse, the new findings), and a whole tree's findings
// are not new.
func (a *checkArgs) validateMarkdown() error {
	if a.change.on() {
		return nil
	}
	what := "--output-format " + formatMarkdown
	switch {
	case a.markdownFile != "":
		what = flagWriteMarkdown + " <FILE>"
	case a.format != formatMarkdown:
		return nil
	}
	return usagef("error: '%s' shows a change: give %s, %s, %s or %s (scb-check diff compares two trees)",
		what, spelled(flagNewFromRev), spelled(flagNewFromMergeBase), spelled(flagNewFromPatch), flagStaged)
}

// writeChangeMarkdown writes the change d as a pull-request comment.
func writeChangeMarkdown(w io.Writer, d *change.Delta) error {
	if d == nil {
		return fmt.Errorf("no change to write as Markdown")
	}
	return change.WriteMarkdown(w, d, change.MarkdownOptions{Title: "scb-check check"})
}

// on reports whether check judges a change.
func (c changeArgs) on() bool { return c.flag != "" }

// hasBase reports whether the change is measured against a base tree
// (every change option but --new-from-patch, which reads its added lines
// only).
func (c changeArgs) hasBase() bool { return c.on() && c.flag != flagNewFromPatch }

// validate rejects a --baseline file given with a base tree: the base is
// the ratchet's baseline.
func (c changeArgs) validate(g gateArgs) error {
	if c.hasBase() && g.baseline != "" {
		return usagef("error: the argument '--baseline <FILE>' cannot be used with '%s': the base is the baseline", spelled(c.flag))
	}
	return nil
}

// trees are the base and head trees of a change with a base. The staged
// change is git's: from nothing before the first commit, and to the
// index file $GIT_INDEX_FILE names when set (as git sets it for the
// pre-commit hook of `git commit -a` or `git commit PATH`).
func (c changeArgs) trees(getenv func(string) string) (base, head scbcheck.Tree) {
	switch c.flag {
	case flagNewFromMergeBase:
		return scbcheck.Tree{Kind: scbcheck.MergeBase, Rev: c.value}, scbcheck.Tree{Kind: scbcheck.WorkTree}
	case flagStaged:
		return scbcheck.Tree{Kind: scbcheck.Revision, Rev: "HEAD", UnbornEmpty: true},
			scbcheck.Tree{Kind: scbcheck.Index, IndexFile: getenv("GIT_INDEX_FILE")}
	}
	return scbcheck.Tree{Kind: scbcheck.Revision, Rev: c.value}, scbcheck.Tree{Kind: scbcheck.WorkTree}
}

// changeRows are the help rows of the change options.
func changeRows() []helpRow {
	return []helpRow{
		{spelled(flagNewFromRev), "Judge the change from REV to the working tree: report only the findings it adds, " +
			"and each metric as base -> head"},
		{spelled(flagNewFromMergeBase), "Judge the change from the merge base of REF and HEAD to the working tree " +
			"(a pull request's change: REF is its target branch)"},
		{spelled(flagNewFromPatch), "Report only the findings on the lines this unified diff adds (git's or diff -u's " +
			"format); no base is measured"},
		{flagStaged, "Judge the staged change: HEAD (nothing before the first commit) against the index " +
			"($GIT_INDEX_FILE when set), what a pre-commit hook checks; keeps a cache by default in " +
			"$SCB_CHECK_CACHE_DIR, else $XDG_CACHE_HOME/scb-check, else ~/.cache/scb-check"},
		{flagWriteMarkdown + " <FILE>", "With one of the four above: also write the change as --output-format " +
			"markdown prints it (a pull-request comment) to FILE, whatever the output format"},
	}
}
