package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/internal/advice"
	"github.com/scbcheck/scbcheck/internal/testkit"
)

// How a copy was installed, told by where its executable is, on the
// layouts each way of installing makes.
func TestDetectInstall(t *testing.T) {
	const ourGoMod = "module github.com/scbcheck/scbcheck\n\ngo 1.26.0\n"
	cases := []struct {
		name  string
		files map[string]string
		links map[string]string
		exe   string
		want  advice.Install
		root  string // the checkout's root, relative to the layout's
	}{
		{name: "an npm platform package in a project's node_modules",
			files: map[string]string{"proj/node_modules/@scbcheck/cli-linux-x64/bin/scb-check": "", "proj/package.json": "{}"},
			exe:   "proj/node_modules/@scbcheck/cli-linux-x64/bin/scb-check", want: advice.InstallNpm},
		{name: "the pre-commit hook's environment, inside the clone of this repository",
			files: map[string]string{"repo/go.mod": ourGoMod, "repo/node_env-system/lib/node_modules/scbcheck-pre-commit/bin/scb-check": ""},
			exe:   "repo/node_env-system/lib/node_modules/scbcheck-pre-commit/bin/scb-check", want: advice.InstallNpm},
		{name: "npm's .bin link, resolved",
			files: map[string]string{"proj/node_modules/@scbcheck/cli-linux-x64/bin/scb-check": ""},
			links: map[string]string{"bin/scb-check": "proj/node_modules/@scbcheck/cli-linux-x64/bin/scb-check"},
			exe:   "bin/scb-check", want: advice.InstallNpm},
		{name: "a virtual environment's bin",
			files: map[string]string{"venv/pyvenv.cfg": "home = /usr/bin\n", "venv/bin/scb-check": "", "venv/bin/python3": ""},
			exe:   "venv/bin/scb-check", want: advice.InstallPython},
		{name: "a uv tool environment, pyvenv.cfg further up",
			files: map[string]string{"tools/scb/pyvenv.cfg": "", "tools/scb/lib/bin/scb-check": ""},
			exe:   "tools/scb/lib/bin/scb-check", want: advice.InstallPython},
		{name: "beside a system or user python",
			files: map[string]string{"local/bin/scb-check": "", "local/bin/python3": ""},
			exe:   "local/bin/scb-check", want: advice.InstallPython},
		{name: "scripts/setup's .tools/bin in a checkout",
			files: map[string]string{"src/go.mod": ourGoMod, "src/.tools/bin/scb-check": ""},
			exe:   "src/.tools/bin/scb-check", want: advice.InstallSource, root: "src"},
		{name: "go build at the checkout's root",
			files: map[string]string{"src/go.mod": ourGoMod, "src/scb-check": ""},
			exe:   "src/scb-check", want: advice.InstallSource, root: "src"},
		{name: "the nearest go.mod is another module's: not a checkout of this one",
			files: map[string]string{"src/go.mod": ourGoMod, "src/other/go.mod": "module example.com/other\n", "src/other/bin/scb-check": ""},
			exe:   "src/other/bin/scb-check", want: advice.InstallUnknown},
		{name: "another module's go.mod",
			files: map[string]string{"work/go.mod": "module example.com/app\n", "work/bin/scb-check": ""},
			exe:   "work/bin/scb-check", want: advice.InstallUnknown},
		{name: "a release archive unpacked",
			files: map[string]string{"opt/scb-check-0.1.0/scb-check": "", "opt/scb-check-0.1.0/LICENSE": ""},
			exe:   "opt/scb-check-0.1.0/scb-check", want: advice.InstallUnknown},
		{name: "a directory named python is not a python",
			files: map[string]string{"bin/scb-check": "", "bin/python/README": ""},
			exe:   "bin/scb-check", want: advice.InstallUnknown},
		{name: "unknown executable", want: advice.InstallUnknown},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root, err := filepath.EvalSymlinks(t.TempDir())
			require.NoError(t, err)
			testkit.WriteTree(t, root, c.files)
			testkit.LinkTree(t, root, c.links)
			exe := ""
			if c.exe != "" {
				exe = filepath.Join(root, filepath.FromSlash(c.exe))
			}
			kind, checkout := detectInstall(exe)
			assert.Equal(t, c.want, kind)
			if c.root == "" {
				assert.Empty(t, checkout)
			} else {
				assert.Equal(t, filepath.Join(root, c.root), checkout)
			}
		})
	}
}

// The advice names the installer of the way this copy came, always the
// pinned version and the options, and scripts/setup only to a checkout.
func TestInstallAdvice(t *testing.T) {
	cases := []struct {
		kind    advice.Install
		root    string
		want    []string
		notWant []string
	}{
		{advice.InstallNpm, "", []string{"npm install @ast-grep/cli@0.44.0", "npm package"}, []string{"pip", "scripts/setup"}},
		{advice.InstallPython, "", []string{"pip install ast-grep-cli==0.44.0", "same Python environment"}, []string{"npm", "scripts/setup"}},
		{advice.InstallSource, filepath.Join("/src", "scbcheck"), []string{"run " + filepath.Join("/src", "scbcheck", "scripts", "setup") + " "}, []string{"pip", "npm"}},
		{advice.InstallUnknown, "", []string{"npm install --prefix DIR @ast-grep/cli@0.44.0", "DIR/node_modules/.bin/ast-grep, found when DIR is scb-check's directory", "pip install ast-grep-cli==0.44.0", "beside scb-check or on PATH"}, []string{"scripts/setup"}},
	}
	for _, c := range cases {
		got := advice.InstallText(c.kind, c.root).Spell(flagWords{})
		assert.True(t, strings.HasPrefix(got, "scb-check needs the ast-grep CLI 0.44.0"), got)
		assert.True(t, strings.HasSuffix(got, "or pass its path with --ast-grep PATH or $SCB_CHECK_AST_GREP, or run with --disable-sg"), got)
		for _, w := range c.want {
			assert.Contains(t, got, w)
		}
		for _, w := range c.notWant {
			assert.NotContains(t, got, w)
		}
	}
}
