// Package option names the settings a library caller sets (the fields of
// scbcheck.Options, scbcheck.DiffOptions and trajectory.GitOptions) as
// values. A message about a setting carries which one it is, so that each
// front end names it in its own words: the library by the field
// (Options.MaxFileSize), the command by its flag (--max-file-size). It is
// a leaf every layer may import.
package option

import "strings"

// Option is one setting a library caller sets.
type Option uint8

// The options that messages name. A new one needs its field's name in
// fields and its spelling in every front end's table (the command's test
// checks its table covers All).
const (
	_ Option = iota
	// MaxFileSize is scbcheck.Options.MaxFileSize.
	MaxFileSize
	// ParseTimeout is scbcheck.Options.ParseTimeout.
	ParseTimeout
	// ConfigPath is scbcheck.Options.ConfigPath.
	ConfigPath
	// CacheDir is scbcheck.Options.CacheDir.
	CacheDir
	// DisableSG is scbcheck.Options.DisableSG.
	DisableSG
	// Compat is scbcheck.Options.Compat.
	Compat
	// Languages is scbcheck.Options.Languages.
	Languages
	// Scope is scbcheck.Options.Scope.
	Scope
	// GitRepo is trajectory.GitOptions.Repo.
	GitRepo
	// GitRevRange is trajectory.GitOptions.RevRange.
	GitRevRange
	// GitOutsideGitDir is trajectory.GitOptions.OutsideGitDir.
	GitOutsideGitDir
	// DiffBase is scbcheck.DiffOptions.Base.
	DiffBase
	// DiffHead is scbcheck.DiffOptions.Head.
	DiffHead
	end
)

// fields are the options' struct and field names, by option.
var fields = [end][2]string{
	MaxFileSize:      {"Options", "MaxFileSize"},
	ParseTimeout:     {"Options", "ParseTimeout"},
	ConfigPath:       {"Options", "ConfigPath"},
	CacheDir:         {"Options", "CacheDir"},
	DisableSG:        {"Options", "DisableSG"},
	Compat:           {"Options", "Compat"},
	Languages:        {"Options", "Languages"},
	Scope:            {"Options", "Scope"},
	GitRepo:          {"GitOptions", "Repo"},
	GitRevRange:      {"GitOptions", "RevRange"},
	GitOutsideGitDir: {"GitOptions", "OutsideGitDir"},
	DiffBase:         {"DiffOptions", "Base"},
	DiffHead:         {"DiffOptions", "Head"},
}

// All is every option, in declaration order.
func All() []Option {
	all := make([]Option, 0, end-1)
	for o := Option(1); o < end; o++ {
		all = append(all, o)
	}
	return all
}

// Struct is the name of the type whose field o is: "Options" or
// "DiffOptions" (of the package scbcheck) or "GitOptions" (of
// trajectory); "" for no option.
func (o Option) Struct() string {
	if o == 0 || o >= end {
		return ""
	}
	return fields[o][0]
}

// Field is the name of o's field in its Struct.
func (o Option) Field() string {
	if o == 0 || o >= end {
		return ""
	}
	return fields[o][1]
}

// String is o as a library caller writes it: "Options.MaxFileSize".
func (o Option) String() string {
	if o == 0 || o >= end {
		return "option(?)"
	}
	return o.Struct() + "." + o.Field()
}

// Words names options in a reader's words.
type Words interface {
	// Name refers to o, as in "(see Options.ParseTimeout)".
	Name(o Option) string
	// Enable tells the reader to turn the boolean o on, as in "set
	// GitOptions.OutsideGitDir".
	Enable(o Option) string
}

// Library is the library's words: the field as a caller writes it.
var Library Words = library{}

type library struct{}

func (library) Name(o Option) string   { return o.String() }
func (library) Enable(o Option) string { return "set " + o.String() }

// kind tells what a Part is.
type kind uint8

const (
	literal kind = iota
	name
	enable
	cause
)

// Part is a piece of a Text: literal words, an option, or the place of
// an Error's cause.
type Part struct {
	kind   kind
	text   string
	option Option
}

// Lit is the literal words s.
func Lit(s string) Part { return Part{kind: literal, text: s} }

// Plain is the Text of words s, naming no option.
func Plain(s string) Text { return Text{Lit(s)} }

// Name refers to o.
func Name(o Option) Part { return Part{kind: name, option: o} }

// Enable tells the reader to turn the boolean o on.
func Enable(o Option) Part { return Part{kind: enable, option: o} }

// Cause is where an Error's cause goes in its Text (TextOf puts it
// there; spelled alone it is empty).
func Cause() Part { return Part{kind: cause} }

// Text is a message that names options: its words and its options, in
// order, spelled when it is read.
type Text []Part

// Spell is t in w's words; nil is the library's.
func (t Text) Spell(w Words) string {
	if w == nil {
		w = Library
	}
	var b strings.Builder
	for _, p := range t {
		switch p.kind {
		case literal:
			b.WriteString(p.text)
		case name:
			b.WriteString(w.Name(p.option))
		case enable:
			b.WriteString(w.Enable(p.option))
		}
	}
	return b.String()
}

// String is t in the library's words.
func (t Text) String() string { return t.Spell(Library) }

// Map is t with f applied to its literal words (to rewrite the paths they
// hold, say); its options are kept.
func (t Text) Map(f func(string) string) Text {
	out := make(Text, len(t))
	for i, p := range t {
		if p.kind == literal {
			p.text = f(p.text)
		}
		out[i] = p
	}
	return out
}

// Error is an error whose message names options: Text, with Err's
// message where Text has its Cause.
type Error struct {
	Text Text
	Err  error
}

// About is the error err about the value of o: "o: err".
func About(o Option, err error) *Error {
	return &Error{Text: Text{Name(o), Lit(": "), Cause()}, Err: err}
}

// Error is the message in the library's words.
func (e *Error) Error() string { return e.OptionText().String() }

// OptionText is the message as a Text, its cause's options kept.
func (e *Error) OptionText() Text { return TextOf(e, nil) }

// Unwrap is the cause.
func (e *Error) Unwrap() error { return e.Err }

// Texter is an error whose message is a Text (it names options).
type Texter interface {
	error
	// OptionText is the message as a Text.
	OptionText() Text
}

// TextOf is err's message as a Text: each *Error or Texter in its chain
// keeps the options it names, and the text the other errors of the chain
// add around the errors they wrap is kept as words. With own, an error
// for which own returns true is own's Text instead, as a front end words
// the errors it knows; last tells own whether the error ends the whole
// message (no wrapper added text after it).
func TextOf(err error, own func(err error, last bool) (Text, bool)) Text {
	if err == nil {
		return nil
	}
	return textOf(err, true, own)
}

func textOf(err error, last bool, own func(error, bool) (Text, bool)) Text {
	if own != nil {
		if t, ok := own(err, last); ok {
			return t
		}
	}
	switch e := err.(type) {
	case *Error:
		var out Text
		for i, p := range e.Text {
			switch {
			case p.kind != cause:
				out = append(out, p)
			case e.Err != nil:
				out = append(out, textOf(e.Err, last && i == len(e.Text)-1, own)...)
			}
		}
		return out.compact()
	case Texter:
		return e.OptionText()
	}
	var inner []error
	switch u := err.(type) {
	case interface{ Unwrap() error }:
		if next := u.Unwrap(); next != nil {
			inner = []error{next}
		}
	case interface{ Unwrap() []error }:
		inner = u.Unwrap()
	}
	// Each wrapped error's message is found in the wrapper's, in order;
	// the wrapper's own text around them is kept as words.
	rest := err.Error()
	var out Text
	for _, e := range inner {
		if e == nil {
			continue
		}
		before, after, found := strings.Cut(rest, e.Error())
		if !found {
			continue
		}
		out = append(out, Lit(before))
		out = append(out, textOf(e, last && after == "", own)...)
		rest = after
	}
	return append(out, Lit(rest)).compact()
}

// compact is t without empty words, adjacent words joined.
func (t Text) compact() Text {
	var out Text
	for _, p := range t {
		switch {
		case p.kind == literal && p.text == "":
		case p.kind == literal && len(out) > 0 && out[len(out)-1].kind == literal:
			out[len(out)-1].text += p.text
		default:
			out = append(out, p)
		}
	}
	return out
}
