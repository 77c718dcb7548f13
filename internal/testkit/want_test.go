package testkit

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/source"
)

func parse(t *testing.T, spec *lang.Spec, src string) *source.Tree {
	t.Helper()
	p, err := source.NewParser(spec)
	require.NoError(t, err)
	defer p.Close()
	tree, err := p.Parse([]byte(src))
	require.NoError(t, err)
	return tree
}

func TestParseWants(t *testing.T) {
	cases := []struct {
		name string
		spec *lang.Spec
		src  string
		want map[int]*Want
	}{
		{
			name: "python key values on a def line",
			spec: lang.Python,
			src:  "def f(x):  # want name:\"f\" cc:\"1\"\n    return x\n",
			want: map[int]*Want{1: {File: "f.py", Line: 1, Values: map[string]string{"name": "f", "cc": "1"}}},
		},
		{
			name: "python bare rule ids in order",
			spec: lang.Python,
			src:  "x = 1\ny = 2  # want \"rule-a\" \"rule-b\"\n",
			want: map[int]*Want{2: {File: "f.py", Line: 2, Values: map[string]string{}, IDs: []string{"rule-a", "rule-b"}}},
		},
		{
			name: "python ids and values mixed with escapes",
			spec: lang.Python,
			src:  "x = 1  #   want \"r\" msg:\"say \\\"hi\\\"\"\tclone:\"g1\"\n",
			want: map[int]*Want{1: {File: "f.py", Line: 1, Values: map[string]string{"msg": `say "hi"`, "clone": "g1"}, IDs: []string{"r"}}},
		},
		{
			name: "python standalone comment line is its own line",
			spec: lang.Python,
			src:  "# want \"r\"\nx = 1\n",
			want: map[int]*Want{1: {File: "f.py", Line: 1, Values: map[string]string{}, IDs: []string{"r"}}},
		},
		{
			name: "python want text inside a string is not an annotation",
			spec: lang.Python,
			src:  "x = \"# want cc:\\\"1\\\"\"\ny = \"\"\"\n# want \"r\"\n\"\"\"\n",
			want: map[int]*Want{},
		},
		{
			name: "python prose starting with want is ignored",
			spec: lang.Python,
			src:  "# wanted: a better name\n# wants more\n# we want nothing\nx = 1\n",
			want: map[int]*Want{},
		},
		{
			name: "rust line comment annotation",
			spec: lang.Rust,
			src:  "fn f() {} // want name:\"f\" cc:\"1\"\n",
			want: map[int]*Want{1: {File: "f.py", Line: 1, Values: map[string]string{"name": "f", "cc": "1"}}},
		},
		{
			name: "rust doc and block comments are not annotations",
			spec: lang.Rust,
			src:  "/// want \"r\"\n/* want \"r\" */\n//! want \"r\"\nfn f() {}\n",
			want: map[int]*Want{},
		},
		{
			name: "rust want inside a string literal is not an annotation",
			spec: lang.Rust,
			src:  "const S: &str = \"// want \\\"r\\\"\";\n",
			want: map[int]*Want{},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tree := parse(t, tc.spec, tc.src)
			got, err := ParseWants("f.py", tree)
			require.NoError(t, err)
			assert.Equal(t, "f.py", got.File)
			assert.Equal(t, tc.want, got.Lines)
		})
	}
}

func TestParseWantsRejectsMalformed(t *testing.T) {
	cases := []struct {
		name    string
		comment string
		message string
	}{
		{"want alone is malformed", "# want", "no expectations"},
		{"unquoted value is malformed", "# want cc:3", `value of "cc" is not a quoted string`},
		{"unterminated value is malformed", "# want cc:\"3", `value of "cc" is not a quoted string`},
		{"missing key is malformed", "# want :\"3\"", "expected key"},
		{"bare word is malformed", "# want cc", "expected key"},
		{"key with a space is malformed", "# want c c:\"3\"", "expected key"},
		{"missing space between pairs is malformed", "# want cc:\"3\"cog:\"1\"", "expected a space"},
		{"repeated key is malformed", "# want cc:\"3\" cc:\"4\"", `key "cc" given twice`},
		{"unterminated id is malformed", "# want \"rule", "bad quoted string"},
		{"empty id is malformed", "# want \"\"", "empty quoted string"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tree := parse(t, lang.Python, "x = 1\ny = 2  "+tc.comment+"\n")
			_, err := ParseWants("dir/f.py", tree)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "dir/f.py:2: malformed want annotation")
			assert.Contains(t, err.Error(), tc.message)
		})
	}
}

func TestParseWantsReportsEveryMalformedLine(t *testing.T) {
	tree := parse(t, lang.Rust, "fn a() {} // want cc:1\nfn b() {} // want ok:\"1\"\nfn c() {} // want x\n")
	ws, err := ParseWants("f.rs", tree)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "f.rs:1:")
	assert.Contains(t, err.Error(), "f.rs:3:")
	assert.NotContains(t, err.Error(), "f.rs:2:")
	assert.Equal(t, map[string]string{"ok": "1"}, ws.Lines[2].Values, "well-formed lines are still returned")
}

// recorder captures a test helper's failures without failing the real test.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func (r *recorder) Error(args ...any) { r.errs = append(r.errs, fmt.Sprint(args...)) }

func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	r.FailNow()
}

func (r *recorder) FailNow() { runtime.Goexit() }

// record runs f against a recorder in its own goroutine, so FailNow stops
// only f.
func record(t *testing.T, f func(tb testing.TB)) []string {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return r.errs
}

func TestCheckValues(t *testing.T) {
	wants := Wants{File: "a.py", Lines: map[int]*Want{
		3: {File: "a.py", Line: 3, Values: map[string]string{"cc": "2", "cog": "1"}},
		9: {File: "a.py", Line: 9, IDs: []string{"only-an-id"}},
	}}
	cases := []struct {
		name string
		got  map[int]map[string]string
		errs []string
	}{
		{
			name: "matching values pass",
			got:  map[int]map[string]string{3: {"cc": "2", "cog": "1"}},
		},
		{
			name: "different value fails at the want line",
			got:  map[int]map[string]string{3: {"cc": "3", "cog": "1"}},
			errs: []string{`a.py:3: cc: got "3", want "2"`},
		},
		{
			name: "unmatched expectation fails",
			got:  map[int]map[string]string{},
			errs: []string{`a.py:3: expected cc:"2" cog:"1", found nothing`},
		},
		{
			name: "unexpected actual fails at its line",
			got:  map[int]map[string]string{3: {"cc": "2", "cog": "1"}, 5: {"cc": "1"}},
			errs: []string{`a.py:5: unexpected cc:"1"`},
		},
		{
			name: "actual on an id-only annotation line is unexpected",
			got:  map[int]map[string]string{3: {"cc": "2", "cog": "1"}, 9: {"cc": "1"}},
			errs: []string{`a.py:9: unexpected cc:"1"`},
		},
		{
			name: "key missing on either side fails",
			got:  map[int]map[string]string{3: {"cc": "2", "sloc": "4"}},
			errs: []string{`a.py:3: cog: expected "1", found no such value`, `a.py:3: sloc: found "4", not annotated`},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			errs := record(t, func(tb testing.TB) { wants.CheckValues(tb, tc.got) })
			assert.Equal(t, tc.errs, errs)
		})
	}
}

func TestCheckIDs(t *testing.T) {
	wants := Wants{File: "r.py", Lines: map[int]*Want{
		2: {File: "r.py", Line: 2, IDs: []string{"a", "a", "b"}},
		4: {File: "r.py", Line: 4, Values: map[string]string{"cc": "1"}},
	}}
	cases := []struct {
		name string
		got  map[int][]string
		errs []string
	}{
		{"same ids in any order pass", map[int][]string{2: {"b", "a", "a"}}, nil},
		{"a repeated id must be found twice", map[int][]string{2: {"a", "b"}}, []string{`r.py:2: expected "a", not found`}},
		{"an extra id fails", map[int][]string{2: {"a", "a", "b", "c"}}, []string{`r.py:2: unexpected "c"`}},
		{"an id on an unannotated line fails", map[int][]string{2: {"a", "a", "b"}, 7: {"z"}}, []string{`r.py:7: unexpected "z"`}},
		{"an id on a values-only line fails", map[int][]string{2: {"a", "a", "b"}, 4: {"z"}}, []string{`r.py:4: unexpected "z"`}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			errs := record(t, func(tb testing.TB) { wants.CheckIDs(tb, tc.got) })
			assert.Equal(t, tc.errs, errs)
		})
	}
}

func TestGoldenSections(t *testing.T) {
	saved := *update
	defer func() { *update = saved }()
	const archive = "-- args --\ncheck\n-- a.py --\nx = 1\n-- stdout --\nold\n"
	write := func(t *testing.T) string {
		path := filepath.Join(t.TempDir(), "case.txtar")
		require.NoError(t, os.WriteFile(path, []byte(archive), 0o644))
		return path
	}
	cases := []struct {
		name   string
		update bool
		got    map[string]string
		fail   string // a part of the one failure, "" for none
		after  string // the archive after the call
	}{
		{name: "equal sections pass, a missing one is empty",
			got: map[string]string{"stdout": "old\n", "stderr": ""}, after: archive},
		{name: "a different section fails naming it and the archive",
			got: map[string]string{"stdout": "new\n"}, fail: "section stdout of golden archive", after: archive},
		{name: "a section the archive lacks fails when got has text",
			got: map[string]string{"stderr": "warning\n"}, fail: "section stderr of golden archive", after: archive},
		{name: "update replaces sections in place, appends missing ones by name, keeps the other files",
			update: true, got: map[string]string{"stdout": "new\n", "stderr": "e\n", "exit": "1\n"},
			after: "-- args --\ncheck\n-- a.py --\nx = 1\n-- stdout --\nnew\n-- exit --\n1\n-- stderr --\ne\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			*update = tc.update
			path := write(t)
			errs := record(t, func(tb testing.TB) { GoldenSections(tb, path, tc.got) })
			if tc.fail == "" {
				assert.Empty(t, errs)
			} else if assert.Len(t, errs, 1) {
				assert.Contains(t, errs[0], tc.fail)
				assert.Contains(t, errs[0], path)
				assert.Contains(t, errs[0], "-update")
			}
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, tc.after, string(data))
		})
	}
	t.Run("a missing archive fails naming it", func(t *testing.T) {
		*update = false
		path := filepath.Join(t.TempDir(), "none.txtar")
		errs := record(t, func(tb testing.TB) { GoldenSections(tb, path, map[string]string{"stdout": ""}) })
		require.Len(t, errs, 1)
		assert.Contains(t, errs[0], path)
	})
}

func TestFormatValuesSortsKeys(t *testing.T) {
	assert.Equal(t, `a:"1" b:"x y"`, formatValues(map[string]string{"b": "x y", "a": "1"}))
	assert.Empty(t, formatValues(nil))
}
