package lang

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestReadGoMod(t *testing.T) {
	cases := []struct {
		name, text, want, err string
	}{
		{"the module directive", "module example.com/app\n\ngo 1.22\n", "example.com/app", ""},
		{"a quoted path and a comment", "// header\nmodule \"example.com/q\" // the module\n", "example.com/q", ""},
		{"the standard library names packages by directory", "module std\n\ngo 1.26\n", "", ""},
		{"no module directive", "go 1.22\nrequire x v1.0.0\n", "", "no module directive"},
		{"a module directive inside a comment does not count", "// module example.com/x\n", "", "no module directive"},
		{"directives the go command does not know are no error", "module example.com/new\nfuture x y\n", "example.com/new", ""},
		{"a malformed file: the error names it and the line", "module example.com/a\nrequire (\n", "",
			"go.mod:3: syntax error (unterminated block started at go.mod:2:1)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := readGoMod([]byte(tc.text))
			if tc.err != "" {
				assert.EqualError(t, err, tc.err)
				return
			}
			assert.NoError(t, err)
			assert.Equal(t, tc.want, got.ModulePath)
		})
	}
}

func TestReadPackageJSON(t *testing.T) {
	targets := func(info ManifestInfo) []string {
		var out []string
		for _, e := range info.Entries {
			out = append(out, e.Reason+" "+e.Target)
		}
		return out
	}
	cases := []struct {
		name, text string
		want       []string
	}{
		{"main, module and a bin string", `{"main": "lib/a.js", "module": "esm/a.mjs", "bin": "bin/cli.js"}`,
			[]string{"package.json main lib/a.js", "package.json module esm/a.mjs", "package.json bin bin/cli.js"}},
		{"bin commands and nested exports conditions, keys in order", `{"main": "a.js", "bin": {"z": "z.js", "a": "a2.js"},
			"exports": {".": {"require": "./c.cjs", "import": "./m.mjs"}, "./x": "./x.js"}}`,
			[]string{"package.json main a.js", "package.json bin a2.js", "package.json bin z.js",
				"package.json exports ./m.mjs", "package.json exports ./c.cjs", "package.json exports ./x.js"}},
		{"without main Node loads index.js", `{"name": "p"}`, []string{"package.json main index.js"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			info, err := readPackageJSON([]byte(tc.text))
			assert.NoError(t, err)
			assert.Equal(t, tc.want, targets(info))
		})
	}
	_, err := readPackageJSON([]byte(`{"main": `))
	assert.Error(t, err, "malformed JSON")
}

func TestReadTSConfig(t *testing.T) {
	text := `{
  // comments and trailing commas, as tsc accepts them
  "compilerOptions": {
    "baseUrl": "./src", /* the base */
    "paths": {
      "@/*": ["app/*", "lib/*",],
      "~util": ["lib/util.ts"],
    },
    "outDir": "dist//x",
  },
}`
	info, err := readTSConfig([]byte(text))
	assert.NoError(t, err)
	assert.Equal(t, "./src", info.BaseDir)
	assert.Equal(t, []PathAlias{
		{Pattern: "@/*", Targets: []string{"src/app/*", "src/lib/*"}},
		{Pattern: "~util", Targets: []string{"src/lib/util.ts"}},
	}, info.Aliases, "patterns in order, targets through baseUrl; // inside a string is no comment")
	info, err = readTSConfig([]byte(`{"compilerOptions": {"paths": {"#x": ["./lib/x.ts"]}}}`))
	assert.NoError(t, err)
	assert.Empty(t, info.BaseDir, "no baseUrl")
	assert.Equal(t, []PathAlias{{Pattern: "#x", Targets: []string{"lib/x.ts"}}}, info.Aliases,
		"paths without baseUrl are relative to the file")
	info, err = readTSConfig([]byte(`{"compilerOptions": {"strict": true}}`))
	assert.NoError(t, err)
	assert.Empty(t, info.BaseDir, "no baseUrl, no paths: specifiers stay packages")
	_, err = readTSConfig([]byte(`{"compilerOptions": `))
	assert.Error(t, err)
}
