package option_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/scbcheck/scbcheck/option"
)

// upper names an option by its field in capitals, to tell its words
// from the library's.
type upper struct{}

func (upper) Name(o option.Option) string   { return strings.ToUpper(o.Field()) }
func (upper) Enable(o option.Option) string { return "turn on " + strings.ToUpper(o.Field()) }

// Every option has a distinct library name, the field a caller sets.
func TestOptionNames(t *testing.T) {
	seen := map[string]bool{}
	for _, o := range option.All() {
		assert.Equal(t, o.Struct()+"."+o.Field(), o.String())
		assert.Contains(t, []string{"Options", "DiffOptions", "GitOptions"}, o.Struct(), o.String())
		assert.False(t, seen[o.String()], "%s twice", o)
		seen[o.String()] = true
	}
	assert.Equal(t, "Options.MaxFileSize", option.MaxFileSize.String())
	assert.Equal(t, "GitOptions.OutsideGitDir", option.GitOutsideGitDir.String())
	assert.Equal(t, "option(?)", option.Option(0).String())
}

// A chain of errors keeps its options wherever they sit: the wrappers'
// text around them stays as words, and a reader's words replace the
// library's only where an option is named.
func TestTextOf(t *testing.T) {
	refused := &option.Error{Text: option.Text{option.Lit("x: refused; "), option.Enable(option.GitOutsideGitDir), option.Lit(" if you trust it")}}
	tests := []struct {
		name       string
		err        error
		lib, words string
	}{
		{"a plain error is its words", errors.New("plain"), "plain", "plain"},
		{"about an option", option.About(option.Compat, errors.New("no profile 9")),
			"Options.Compat: no profile 9", "COMPAT: no profile 9"},
		{"a cause first, then options", fmt.Errorf("run: %w (after)", &option.Error{Err: errors.New("bad"), Text: option.Text{
			option.Cause(), option.Lit(" (without "), option.Name(option.CacheDir), option.Lit(")")}}),
			"run: bad (without Options.CacheDir) (after)", "run: bad (without CACHEDIR) (after)"},
		{"an option inside an option's error", option.About(option.GitRepo, refused),
			"GitOptions.Repo: x: refused; set GitOptions.OutsideGitDir if you trust it",
			"REPO: x: refused; turn on OUTSIDEGITDIR if you trust it"},
		{"joined errors", errors.Join(errors.New("a"), fmt.Errorf("b: %w", option.About(option.Languages, errors.New("cobol")))),
			"a\nb: Options.Languages: cobol", "a\nb: LANGUAGES: cobol"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.lib, tt.err.Error())
			got := option.TextOf(tt.err, nil)
			assert.Equal(t, tt.lib, got.String())
			assert.Equal(t, tt.words, got.Spell(upper{}))
		})
	}
	assert.Nil(t, option.TextOf(nil, nil))
}

// A front end's own words for an error replace it, told whether the
// error ends the message.
func TestTextOfOwn(t *testing.T) {
	inner := errors.New("inner")
	var lasts []bool
	own := func(err error, last bool) (option.Text, bool) {
		if err != inner {
			return nil, false
		}
		lasts = append(lasts, last)
		return option.Plain("OWN"), true
	}
	assert.Equal(t, "a: OWN", option.TextOf(fmt.Errorf("a: %w", inner), own).String())
	assert.Equal(t, "OWN: b", option.TextOf(fmt.Errorf("%w: b", inner), own).String())
	assert.Equal(t, []bool{true, false}, lasts)
}

// Map rewrites the words and keeps the options.
func TestTextMap(t *testing.T) {
	text := option.Text{option.Lit("/tmp/x: over ("), option.Name(option.MaxFileSize), option.Lit(")")}
	got := text.Map(func(s string) string { return strings.ReplaceAll(s, "/tmp/", "") })
	assert.Equal(t, "x: over (MAXFILESIZE)", got.Spell(upper{}))
	assert.Equal(t, "/tmp/x: over (Options.MaxFileSize)", text.String(), "the original is kept")
}
