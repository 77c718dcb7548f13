package config

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tempDir returns a canonical temporary directory holding a .git directory,
// so that discovery never looks above it.
func tempDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, os.Mkdir(filepath.Join(dir, ".git"), 0o755))
	return dir
}

func write(t *testing.T, path, text string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
}

// withLowUse returns the defaults with f applied to the low-use settings.
func withLowUse(f func(*LowUse)) LowUse {
	l := Default("").LowUse
	f(&l)
	return l
}

func TestDefault(t *testing.T) {
	cfg := Default("/base")
	assert.Equal(t, &Config{
		BaseDir: "/base",
		Exclude: []string{},
		Context: 1,
		LowUse: LowUse{
			Enabled:                   false,
			MaxCallSites:              2,
			MaxFunctionSLOC:           5,
			MaxInlineCallerSLOC:       50,
			MaxInlineCallerComplexity: 10,
			MaxInlineCallerCognitive:  10,
			MaxInlineCallNesting:      3,
		},
	}, cfg)
}

func TestLoadExplicitFile(t *testing.T) {
	cases := []struct {
		name        string
		file        string
		text        string
		wantExclude []string
		wantContext int
		wantLowUse  LowUse
	}{
		{
			name:        "empty scb-check.toml gives the defaults",
			file:        "scb-check.toml",
			text:        "",
			wantExclude: []string{},
			wantContext: 1,
			wantLowUse:  Default("").LowUse,
		},
		{
			name: "every scb-check.toml key sets its field",
			file: "scb-check.toml",
			text: `exclude = ["gen/"]
context = 4

[low-use-short-function]
enabled = true
max-call-sites = 3
max-function-sloc = 6
max-inline-caller-sloc = 70
max-inline-caller-complexity = 11
max-inline-caller-cognitive-complexity = 12
max-inline-call-nesting = 5
`,
			wantExclude: []string{"gen/**"},
			wantContext: 4,
			wantLowUse: LowUse{
				Enabled: true, MaxCallSites: 3, MaxFunctionSLOC: 6, MaxInlineCallerSLOC: 70,
				MaxInlineCallerComplexity: 11, MaxInlineCallerCognitive: 12, MaxInlineCallNesting: 5,
			},
		},
		{
			name:        "context zero is allowed",
			file:        "scb-check.toml",
			text:        "context = 0\n",
			wantExclude: []string{},
			wantContext: 0,
			wantLowUse:  Default("").LowUse,
		},
		{
			name:        "context at its bound is allowed",
			file:        "scb-check.toml",
			text:        "context = 10000\n",
			wantExclude: []string{},
			wantContext: 10000,
			wantLowUse:  Default("").LowUse,
		},
		{
			name:        "cognitive and nesting limits accept their minimum zero",
			file:        "scb-check.toml",
			text:        "[low-use-short-function]\nmax-inline-caller-cognitive-complexity = 0\nmax-inline-call-nesting = 0\n",
			wantExclude: []string{},
			wantContext: 1,
			wantLowUse: withLowUse(func(l *LowUse) {
				l.MaxInlineCallerCognitive = 0
				l.MaxInlineCallNesting = 0
			}),
		},
		{
			name:        "limits with minimum one accept one",
			file:        "scb-check.toml",
			text:        "[low-use-short-function]\nmax-call-sites = 1\nmax-function-sloc = 1\nmax-inline-caller-sloc = 1\nmax-inline-caller-complexity = 1\n",
			wantExclude: []string{},
			wantContext: 1,
			wantLowUse: withLowUse(func(l *LowUse) {
				l.MaxCallSites, l.MaxFunctionSLOC, l.MaxInlineCallerSLOC, l.MaxInlineCallerComplexity = 1, 1, 1, 1
			}),
		},
		{
			name:        "excludes are normalised in order and de-duplicated",
			file:        "scb-check.toml",
			text:        `exclude = ["./a", "/b/", "  c\\d  ", "*.gen.py", "", "a"]` + "\n",
			wantExclude: []string{"a", "a/**", "b/**", "c/d", "c/d/**", "*.gen.py"},
			wantContext: 1,
			wantLowUse:  Default("").LowUse,
		},
		{
			name:        "a config file of any other name uses scb-check.toml rules",
			file:        "custom.toml",
			text:        "context = 2\n",
			wantExclude: []string{},
			wantContext: 2,
			wantLowUse:  Default("").LowUse,
		},
		{
			name:        "pyproject without scb-check sections gives the defaults",
			file:        "pyproject.toml",
			text:        "[project]\nname = \"x\"\n",
			wantExclude: []string{},
			wantContext: 1,
			wantLowUse:  Default("").LowUse,
		},
		{
			name: "pyproject ruff and ty excludes become globs and low-use is enabled (reference test)",
			file: "pyproject.toml",
			text: `[tool.ruff]
exclude = ["vendor/"]

[tool.ty.src]
exclude = ["fixtures/"]

[tool.scb-check.low-use-short-function]
enabled = true
`,
			wantExclude: []string{"vendor/**", "fixtures/**"},
			wantContext: 1,
			wantLowUse:  withLowUse(func(l *LowUse) { l.Enabled = true }),
		},
		{
			name: "pyproject tool excludes follow scb-check's own and repeats are dropped",
			file: "pyproject.toml",
			text: `[tool.scb-check]
exclude = ["vendor"]
context = 3

[tool.ruff]
exclude = ["vendor/", "build"]
extend-exclude = ["build", "docs/*"]

[tool.ty.src]
exclude = ["vendor"]
`,
			wantExclude: []string{"vendor", "vendor/**", "build", "build/**", "docs/*"},
			wantContext: 3,
			wantLowUse:  Default("").LowUse,
		},
		{
			name: "pyproject tool excludes with a non-string item are ignored whole",
			file: "pyproject.toml",
			text: `[tool.ruff]
exclude = ["a", 1]
extend-exclude = "b"

[tool.ty.src]
exclude = ["c"]
`,
			wantExclude: []string{"c", "c/**"},
			wantContext: 1,
			wantLowUse:  Default("").LowUse,
		},
		{
			name:        "pyproject unknown keys outside tool.scb-check are accepted",
			file:        "pyproject.toml",
			text:        "[tool.ruff]\nline-length = 100\n[tool.other]\nx = 1\n",
			wantExclude: []string{},
			wantContext: 1,
			wantLowUse:  Default("").LowUse,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := tempDir(t)
			path := filepath.Join(dir, "cfg", tc.file)
			write(t, path, tc.text)

			cfg, err := Load(dir, path)
			require.NoError(t, err)
			assert.Equal(t, path, cfg.Path)
			assert.Equal(t, filepath.Join(dir, "cfg"), cfg.BaseDir)
			assert.Equal(t, tc.wantExclude, cfg.Exclude)
			assert.Equal(t, tc.wantContext, cfg.Context)
			assert.Equal(t, tc.wantLowUse, cfg.LowUse)
		})
	}
}

func TestLoadExplicitFileErrors(t *testing.T) {
	cases := []struct {
		name string
		file string
		text string
		want []string // substrings of the error text, after "<path>: "
	}{
		{
			name: "unknown top-level key is named",
			file: "scb-check.toml",
			text: "low-use-short-function-extra = 7\n",
			want: []string{`failed to parse config: unknown key "low-use-short-function-extra"`},
		},
		{
			name: "unknown low-use key is named with its table",
			file: "scb-check.toml",
			text: "[low-use-short-function]\nmax-call-sites-extra = 7\n",
			want: []string{`failed to parse config: unknown key "low-use-short-function.max-call-sites-extra"`},
		},
		{
			name: "unknown key in tool.scb-check is named with its full path",
			file: "pyproject.toml",
			text: "[tool.scb-check]\nexcludes = []\n",
			want: []string{`failed to parse config: unknown key "tool.scb-check.excludes"`},
		},
		{
			name: "unknown key in the pyproject low-use table is named",
			file: "pyproject.toml",
			text: "[tool.scb-check.low-use-short-function]\nmax-call-sites-extra = 7\n",
			want: []string{`failed to parse config: unknown key "tool.scb-check.low-use-short-function.max-call-sites-extra"`},
		},
		{
			name: "tool.scb-check that is not a table is a parse error",
			file: "pyproject.toml",
			text: "[tool]\nscb-check = \"bad\"\n",
			want: []string{`failed to parse config: key "tool.scb-check" must be a table, found string "bad"`},
		},
		{
			name: "tool table in a file not named pyproject.toml is an unknown key",
			file: "my-pyproject.toml",
			text: "[tool.scb-check]\ncontext = 2\n",
			want: []string{`failed to parse config: unknown key "tool"`},
		},
		{
			name: "max-call-sites below one is rejected with the kebab key",
			file: "scb-check.toml",
			text: "[low-use-short-function]\nmax-call-sites = 0\n",
			want: []string{"max-call-sites must be >= 1"},
		},
		{
			name: "max-function-sloc below one is rejected",
			file: "scb-check.toml",
			text: "[low-use-short-function]\nmax-function-sloc = 0\n",
			want: []string{"max-function-sloc must be >= 1"},
		},
		{
			name: "max-inline-caller-sloc below one is rejected",
			file: "scb-check.toml",
			text: "[low-use-short-function]\nmax-inline-caller-sloc = 0\n",
			want: []string{"max-inline-caller-sloc must be >= 1"},
		},
		{
			name: "max-inline-caller-complexity below one is rejected",
			file: "pyproject.toml",
			text: "[tool.scb-check.low-use-short-function]\nmax-inline-caller-complexity = 0\n",
			want: []string{"max-inline-caller-complexity must be >= 1"},
		},
		{
			name: "negative limit is a parse error naming the key",
			file: "scb-check.toml",
			text: "[low-use-short-function]\nmax-inline-call-nesting = -1\n",
			want: []string{`failed to parse config: key "low-use-short-function.max-inline-call-nesting" must be a non-negative integer, found integer -1`},
		},
		{
			name: "string context is a parse error naming the key",
			file: "scb-check.toml",
			text: "context = \"2\"\n",
			want: []string{`failed to parse config: key "context" must be a non-negative integer, found string "2"`},
		},
		{
			name: "float context is a parse error",
			file: "scb-check.toml",
			text: "context = 1.5\n",
			want: []string{`failed to parse config: key "context" must be a non-negative integer, found float 1.5`},
		},
		{
			name: "negative context is a parse error",
			file: "scb-check.toml",
			text: "context = -1\n",
			want: []string{`failed to parse config: key "context" must be a non-negative integer`},
		},
		{
			name: "context past the bound is a parse error naming the key and the bound",
			file: "scb-check.toml",
			text: "context = 9223372036854775807\n",
			want: []string{`failed to parse config: key "context" must be a number of lines from 0 to 10000, found 9223372036854775807`},
		},
		{
			name: "context one past the bound in pyproject is a parse error naming the dotted key",
			file: "pyproject.toml",
			text: "[tool.scb-check]\ncontext = 10001\n",
			want: []string{`failed to parse config: key "tool.scb-check.context" must be a number of lines from 0 to 10000, found 10001`},
		},
		{
			name: "exclude that is a string is a parse error",
			file: "scb-check.toml",
			text: "exclude = \"gen\"\n",
			want: []string{`failed to parse config: key "exclude" must be an array of strings, found string "gen"`},
		},
		{
			name: "exclude with a non-string item is a parse error",
			file: "scb-check.toml",
			text: "exclude = [\"a\", 1]\n",
			want: []string{`failed to parse config: key "exclude" must be an array of strings, found array`},
		},
		{
			name: "enabled that is not a boolean is a parse error",
			file: "scb-check.toml",
			text: "[low-use-short-function]\nenabled = \"yes\"\n",
			want: []string{`failed to parse config: key "low-use-short-function.enabled" must be a boolean, found string "yes"`},
		},
		{
			name: "low-use-short-function that is not a table is a parse error",
			file: "scb-check.toml",
			text: "low-use-short-function = 3\n",
			want: []string{`failed to parse config: key "low-use-short-function" must be a table, found integer 3`},
		},
		{
			name: "invalid TOML is a parse error with its position",
			file: "scb-check.toml",
			text: "context = \n",
			want: []string{"failed to parse config: line 1, column"},
		},
		{
			name: "a repeated key is a parse error",
			file: "scb-check.toml",
			text: "context = 1\ncontext = 2\n",
			want: []string{"failed to parse config:"},
		},
		{
			name: "every problem of one file is reported together",
			file: "scb-check.toml",
			text: "bogus = 1\ncontext = \"x\"\n[low-use-short-function]\nmax-call-sites = 0\nother = 2\n",
			want: []string{
				`failed to parse config: unknown key "bogus"`,
				`failed to parse config: key "context" must be a non-negative integer`,
				"max-call-sites must be >= 1",
				`failed to parse config: unknown key "low-use-short-function.other"`,
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := tempDir(t)
			path := filepath.Join(dir, tc.file)
			write(t, path, tc.text)

			cfg, err := Load(dir, path)
			require.Error(t, err)
			assert.Nil(t, cfg)
			for _, w := range tc.want {
				assert.Contains(t, err.Error(), path+": "+w)
			}
		})
	}
}

func TestLoadExplicitPathProblems(t *testing.T) {
	t.Run("missing explicit config is reported with the path as given", func(t *testing.T) {
		dir := tempDir(t)
		_, err := Load(dir, "nope.toml")
		require.Error(t, err)
		assert.Equal(t, "config path does not exist: nope.toml", err.Error())
		assert.ErrorIs(t, err, fs.ErrNotExist)
	})
	t.Run("relative explicit config is read from cwd", func(t *testing.T) {
		dir := tempDir(t)
		write(t, filepath.Join(dir, "sub", "c.toml"), "context = 9\n")
		cfg, err := Load(dir, filepath.Join("sub", "c.toml"))
		require.NoError(t, err)
		assert.Equal(t, 9, cfg.Context)
		assert.Equal(t, filepath.Join(dir, "sub", "c.toml"), cfg.Path)
		assert.Equal(t, filepath.Join(dir, "sub"), cfg.BaseDir)
	})
	t.Run("relative explicit config errors name the path as given", func(t *testing.T) {
		dir := tempDir(t)
		write(t, filepath.Join(dir, "c.toml"), "nope = 1\n")
		_, err := Load(dir, "c.toml")
		require.Error(t, err)
		assert.Equal(t, `c.toml: failed to parse config: unknown key "nope"`, err.Error())
	})
	t.Run("explicit config that is a directory cannot be read", func(t *testing.T) {
		dir := tempDir(t)
		path := filepath.Join(dir, "conf.toml")
		require.NoError(t, os.Mkdir(path, 0o755))
		_, err := Load(dir, path)
		require.Error(t, err)
		assert.Contains(t, err.Error(), path+": failed to read config")
	})
	t.Run("explicit config with invalid UTF-8 cannot be read", func(t *testing.T) {
		dir := tempDir(t)
		path := filepath.Join(dir, "scb-check.toml")
		write(t, path, "context = 1 # \xff\n")
		_, err := Load(dir, path)
		require.Error(t, err)
		assert.Contains(t, err.Error(), path+": failed to read config")
	})
	t.Run("explicit config wins over a discoverable one", func(t *testing.T) {
		dir := tempDir(t)
		write(t, filepath.Join(dir, "scb-check.toml"), "context = 5\n")
		write(t, filepath.Join(dir, "other", "x.toml"), "context = 6\n")
		cfg, err := Load(dir, filepath.Join(dir, "other", "x.toml"))
		require.NoError(t, err)
		assert.Equal(t, 6, cfg.Context)
	})
}

func TestLoadDiscovery(t *testing.T) {
	cases := []struct {
		name        string
		files       map[string]string // relative path -> content; "/" suffix makes a directory
		cwd         string            // relative to the temporary root (which holds .git/)
		wantPath    string            // relative; "" means defaults
		wantContext int
		discovery   Discovery
	}{
		{
			name:        "no config file gives defaults based at cwd",
			files:       map[string]string{"proj/src/": ""},
			cwd:         "proj/src",
			wantContext: 1,
		},
		{
			name:        "scb-check.toml in cwd is used",
			files:       map[string]string{"proj/scb-check.toml": "context = 2\n"},
			cwd:         "proj",
			wantPath:    "proj/scb-check.toml",
			wantContext: 2,
		},
		{
			name:        "scb-check.toml in an ancestor is used",
			files:       map[string]string{"proj/scb-check.toml": "context = 2\n", "proj/a/b/": ""},
			cwd:         "proj/a/b",
			wantPath:    "proj/scb-check.toml",
			wantContext: 2,
		},
		{
			name:        "nearest config wins",
			files:       map[string]string{"proj/scb-check.toml": "context = 2\n", "proj/a/scb-check.toml": "context = 3\n"},
			cwd:         "proj/a",
			wantPath:    "proj/a/scb-check.toml",
			wantContext: 3,
		},
		{
			name: "scb-check.toml is preferred over pyproject.toml in the same directory",
			files: map[string]string{
				"proj/scb-check.toml": "context = 2\n",
				"proj/pyproject.toml": "[tool.scb-check]\ncontext = 3\n",
			},
			cwd:         "proj",
			wantPath:    "proj/scb-check.toml",
			wantContext: 2,
		},
		{
			name:        "pyproject with tool.scb-check is used",
			files:       map[string]string{"proj/pyproject.toml": "[tool.scb-check]\ncontext = 3\n"},
			cwd:         "proj",
			wantPath:    "proj/pyproject.toml",
			wantContext: 3,
		},
		{
			name:        "pyproject with a tool.ruff table is used",
			files:       map[string]string{"proj/pyproject.toml": "[tool.ruff]\nline-length = 9\n", "scb-check.toml": "context = 7\n"},
			cwd:         "proj",
			wantPath:    "proj/pyproject.toml",
			wantContext: 1,
		},
		{
			name:        "pyproject with a tool.ty.src table is used",
			files:       map[string]string{"proj/pyproject.toml": "[tool.ty.src]\nroot = \".\"\n", "scb-check.toml": "context = 7\n"},
			cwd:         "proj",
			wantPath:    "proj/pyproject.toml",
			wantContext: 1,
		},
		{
			name: "pyproject without scb-check, ruff or ty.src tables is skipped",
			files: map[string]string{
				"proj/pyproject.toml": "[project]\nname = \"p\"\n[tool.ty]\nx = 1\n[tool.black]\ny = 2\n",
				"scb-check.toml":      "context = 7\n",
			},
			cwd:         "proj",
			wantPath:    "scb-check.toml",
			wantContext: 7,
		},
		{
			name:        "pyproject whose tool.ruff is not a table is skipped",
			files:       map[string]string{"proj/pyproject.toml": "[tool]\nruff = 1\n", "scb-check.toml": "context = 7\n"},
			cwd:         "proj",
			wantPath:    "scb-check.toml",
			wantContext: 7,
		},
		{
			name:        "scb-check.toml that is a directory is skipped",
			files:       map[string]string{"proj/scb-check.toml/": "", "scb-check.toml": "context = 7\n"},
			cwd:         "proj",
			wantPath:    "scb-check.toml",
			wantContext: 7,
		},
		{
			name:        "search stops after a directory holding a .git directory",
			files:       map[string]string{"proj/.git/": "", "proj/src/": "", "scb-check.toml": "context = 7\n"},
			cwd:         "proj/src",
			wantContext: 1,
		},
		{
			name:        "a config beside the .git directory is still used",
			files:       map[string]string{"proj/.git/": "", "proj/scb-check.toml": "context = 4\n", "proj/src/": ""},
			cwd:         "proj/src",
			wantPath:    "proj/scb-check.toml",
			wantContext: 4,
		},
		{
			name:        "a .git file (a worktree or submodule) stops the search too",
			files:       map[string]string{"proj/.git": "gitdir: elsewhere\n", "proj/src/": "", "scb-check.toml": "context = 7\n"},
			cwd:         "proj/src",
			wantContext: 1,
		},
		{
			name:        "a config beside a .git file is still used",
			files:       map[string]string{"proj/.git": "gitdir: elsewhere\n", "proj/scb-check.toml": "context = 4\n", "proj/src/": ""},
			cwd:         "proj/src",
			wantPath:    "proj/scb-check.toml",
			wantContext: 4,
		},
		{
			name:        "0.1.3's search passes a .git file and finds the parent's config",
			files:       map[string]string{"scb-check.toml": "context = 5\n", "inner/.git": "gitdir: elsewhere\n", "inner/proj/": ""},
			cwd:         "inner/proj",
			discovery:   Discovery{GitDirOnly: true},
			wantPath:    "scb-check.toml",
			wantContext: 5,
		},
		{
			name:        "0.1.3's search stops after a .git directory",
			files:       map[string]string{"scb-check.toml": "context = 5\n", "inner/.git/": "", "inner/proj/": ""},
			cwd:         "inner/proj",
			discovery:   Discovery{GitDirOnly: true},
			wantContext: 1,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root := tempDir(t)
			for rel, text := range tc.files {
				if rel[len(rel)-1] == '/' {
					require.NoError(t, os.MkdirAll(filepath.Join(root, rel), 0o755))
				} else {
					write(t, filepath.Join(root, rel), text)
				}
			}
			cwd := filepath.Join(root, tc.cwd)

			cfg, err := LoadDiscovering(nil, cwd, "", 0, tc.discovery)
			require.NoError(t, err)
			assert.Equal(t, tc.wantContext, cfg.Context)
			if tc.wantPath == "" {
				assert.Equal(t, "", cfg.Path)
				assert.Equal(t, cwd, cfg.BaseDir)
			} else {
				assert.Equal(t, filepath.Join(root, tc.wantPath), cfg.Path)
				assert.Equal(t, filepath.Dir(filepath.Join(root, tc.wantPath)), cfg.BaseDir)
			}
		})
	}
}

func TestLoadDiscoveryErrors(t *testing.T) {
	cases := []struct {
		name string
		text string
		want string
	}{
		{"discovered pyproject that is not valid TOML is an error", "[tool.ruff\n", "failed to parse config"},
		{"discovered pyproject whose tool.scb-check is not a table is an error", "[tool]\nscb-check = \"bad\"\n", `failed to parse config: key "tool.scb-check" must be a table`},
		{"discovered pyproject with an unknown scb-check key is an error", "[tool.scb-check]\nbogus = 1\n", `failed to parse config: unknown key "tool.scb-check.bogus"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root := tempDir(t)
			path := filepath.Join(root, "pyproject.toml")
			write(t, path, tc.text)
			_, err := Load(root, "")
			require.Error(t, err)
			assert.Contains(t, err.Error(), path+": "+tc.want)
		})
	}
}

func TestLoadCanonicalisesThroughSymlinks(t *testing.T) {
	root := tempDir(t)
	write(t, filepath.Join(root, "real", "scb-check.toml"), "context = 2\n")
	link := filepath.Join(root, "link")
	require.NoError(t, os.Symlink(filepath.Join(root, "real"), link))

	t.Run("discovery from a symlinked cwd gives the canonical base", func(t *testing.T) {
		cfg, err := Load(link, "")
		require.NoError(t, err)
		assert.Equal(t, filepath.Join(root, "real"), cfg.BaseDir)
		assert.Equal(t, filepath.Join(root, "real", "scb-check.toml"), cfg.Path)
	})
	t.Run("defaults from a symlinked cwd use the canonical cwd", func(t *testing.T) {
		require.NoError(t, os.Mkdir(filepath.Join(root, "empty"), 0o755))
		require.NoError(t, os.Symlink(filepath.Join(root, "empty"), filepath.Join(root, "elink")))
		cfg, err := Load(filepath.Join(root, "elink"), "")
		require.NoError(t, err)
		assert.Equal(t, filepath.Join(root, "empty"), cfg.BaseDir)
	})
	t.Run("explicit config through a symlinked directory gives the canonical base", func(t *testing.T) {
		cfg, err := Load(root, filepath.Join(link, "scb-check.toml"))
		require.NoError(t, err)
		assert.Equal(t, filepath.Join(root, "real"), cfg.BaseDir)
	})
	t.Run("missing cwd is an error", func(t *testing.T) {
		_, err := Load(filepath.Join(root, "missing"), "")
		require.Error(t, err)
		assert.ErrorIs(t, err, fs.ErrNotExist)
	})
}

func TestNormalizeExcludes(t *testing.T) {
	cases := []struct {
		name string
		in   []string
		want []string
	}{
		{"bare word also excludes everything below it", []string{"foo"}, []string{"foo", "foo/**"}},
		{"trailing slash becomes a recursive suffix only", []string{"vendor/"}, []string{"vendor/**"}},
		{"star pattern is kept as is", []string{"tests/fixtures/*"}, []string{"tests/fixtures/*"}},
		{"question mark pattern is kept as is", []string{"a?.py"}, []string{"a?.py"}},
		{"class pattern is kept as is", []string{"[ab].py"}, []string{"[ab].py"}},
		{"brace pattern without star is a plain word", []string{"{a,b}"}, []string{"{a,b}", "{a,b}/**"}},
		{"surrounding whitespace is trimmed", []string{"  gen  \t"}, []string{"gen", "gen/**"}},
		{"backslashes become slashes", []string{`a\b\`}, []string{"a/b/**"}},
		{"one leading ./ is dropped", []string{"./a"}, []string{"a", "a/**"}},
		{"only one leading ./ is dropped", []string{"././a"}, []string{"./a", "./a/**"}},
		{"all leading slashes are dropped", []string{"///a"}, []string{"a", "a/**"}},
		{"./ then slashes are dropped", []string{".//a"}, []string{"a", "a/**"}},
		{"slashes then ./ keep the ./", []string{"/./a"}, []string{"./a", "./a/**"}},
		{"empty entries are dropped", []string{"", "   ", "./", "/"}, []string{}},
		{"duplicates keep the first occurrence", []string{"b", "a/", "b/**", "a"}, []string{"b", "b/**", "a/**", "a"}},
		{"trimming happens before the trailing slash test", []string{"gen/  "}, []string{"gen/**"}},
		{"double trailing slash keeps one extra slash", []string{"gen//"}, []string{"gen//**"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, normalizeExcludes(tc.in))
		})
	}
}
