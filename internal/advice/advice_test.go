package advice_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/internal/advice"
	"github.com/scbcheck/scbcheck/option"
)

// argWords names options as a front end whose options are arguments of
// a request: "disable_sg: true", `languages: ["go"]`.
type argWords struct{}

func (argWords) Name(o option.Option) string {
	return map[option.Option]string{option.DisableSG: "disable_sg: true", option.Languages: "languages"}[o]
}
func (argWords) Enable(o option.Option) string { return "call with " + argWords{}.Name(o) }
func (argWords) Set(o option.Option, values []string) string {
	return argWords{}.Name(o) + `: ["` + strings.Join(values, `", "`) + `"]`
}

// The same advice reads in each front end's words: the command's flags,
// or another front end's names for the options.
func TestAdviceInEachFrontEndsWords(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "b.go"), []byte("package b\n"), 0o644))
	_, err := scbcheck.Analyze(context.Background(), scbcheck.Options{Path: dir, WorkDir: dir, DisableSG: true})
	require.Error(t, err)
	install := advice.InstallText(advice.InstallNpm, "")
	assert.Equal(t, "no supported source files found at "+dir+
		" (found 1 go files; enable them with --languages go or the languages config key)", advice.Message(err, advice.FlagWords{}, install))
	assert.Equal(t, "no supported source files found at "+dir+
		` (found 1 go files; enable them with languages: ["go"] or the languages config key)`, advice.Message(err, argWords{}, install))

	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.py"), []byte("def f():\n    return 1\n"), 0o644))
	_, err = scbcheck.Analyze(context.Background(), scbcheck.Options{Path: dir, WorkDir: dir, AstGrep: filepath.Join(dir, "none")})
	require.ErrorIs(t, err, scbcheck.ErrAstGrepNotFound)
	assert.True(t, strings.HasSuffix(advice.Message(err, advice.FlagWords{}, install), "or run with --disable-sg"))
	assert.True(t, strings.HasSuffix(advice.Message(err, argWords{}, install), "or run with disable_sg: true"))
	assert.Contains(t, advice.Message(err, argWords{}, install), "npm install @ast-grep/cli@0.44.0")
}
