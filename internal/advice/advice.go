// Package advice words the remedies of the library's errors for the front
// ends (the command line, the MCP server): how to enable the languages of
// the files found, which option raises a cap, what to do about ast-grep.
// Each front end names the options in its own words (Words); the advice is
// written once, here.
package advice

import (
	"strings"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/option"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/vfs"
)

// Words names options in a front end's words and says how to set one.
type Words interface {
	option.Words
	// Set tells the reader to give o the values, as in "--languages
	// go,rust".
	Set(o option.Option, values []string) string
}

// Flags is the command line's word for each option the library names: the
// flag that sets it. Every option has one (the command's tests check it).
var Flags = map[option.Option]string{
	option.MaxFileSize:      "--max-file-size",
	option.ParseTimeout:     "--parse-timeout",
	option.ConfigPath:       "--config",
	option.CacheDir:         "--cache",
	option.DisableSG:        "--disable-sg",
	option.Compat:           "--compat",
	option.Languages:        "--languages",
	option.Scope:            "--scope",
	option.GitRepo:          "--git",
	option.GitRevRange:      "--rev-range",
	option.GitOutsideGitDir: "--allow-outside-git-dir",
	// The diff command's operands (scb-check diff BASE [HEAD]).
	option.DiffBase: "BASE",
	option.DiffHead: "HEAD",
}

// skip says how to run without ast-grep.
func skip() option.Text {
	return option.Text{option.Lit("run with "), option.Name(option.DisableSG), option.Lit(" to skip the ast-grep rules")}
}

// astGrep is the advice for each remedy of an ast-grep error but
// RemedyInstall's, which depends on how this copy was installed (see
// InstallText).
func astGrep(r rules.Remedy) option.Text {
	switch r {
	case rules.RemedySkip:
		return skip()
	case rules.RemedyTimeout:
		return append(option.Text{option.Lit("raise the timeout or ")}, skip()...)
	case rules.RemedyRules:
		return append(option.Text{option.Lit("a rule of the catalog is not valid for this ast-grep (check the extra rule files and that ast-grep is version " +
			rules.PinnedAstGrep + "), or ")}, skip()...)
	}
	return nil
}

// For is the advice of a front end that names options with w, for
// option.TextOf: how to enable the languages of the files found when none
// could be analysed, which option raises the cap a file was refused over,
// and after an ast-grep error that has a remedy when it ends the message
// (last: no wrapper added text after it) what may help; install is what
// to do about a missing ast-grep (see InstallText).
func For(w Words, install option.Text) func(err error, last bool) (option.Text, bool) {
	return func(err error, last bool) (option.Text, bool) {
		switch e := err.(type) {
		case *scbcheck.NoFilesError:
			if len(e.Names) > 0 {
				return option.Plain(e.Message(w.Set(option.Languages, e.Names))), true
			}
		case *vfs.TooLargeError:
			return option.Plain(e.Error() + " (--max-config-size raises the limit)"), true
		case *rules.AstGrepError:
			advice := astGrep(e.Remedy)
			if e.Remedy == rules.RemedyInstall {
				advice = install
			}
			if last && len(advice) > 0 {
				return option.Plain(e.Advise(advice.Spell(w))), true
			}
			return option.Plain(e.Error()), true
		}
		return nil, false
	}
}

// Message is err in the words of w with its advice (see For).
func Message(err error, w Words, install option.Text) string {
	return option.TextOf(err, For(w, install)).Spell(w)
}

// FlagWords names options by their command-line flags (Flags).
type FlagWords struct{}

// Name is o's flag.
func (FlagWords) Name(o option.Option) string { return Flags[o] }

// Enable tells to pass o's flag.
func (FlagWords) Enable(o option.Option) string { return "pass " + Flags[o] }

// Set is o's flag and the values separated by commas.
func (FlagWords) Set(o option.Option, values []string) string {
	return Flags[o] + " " + strings.Join(values, ",")
}
