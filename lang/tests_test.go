package lang

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestIsTest(t *testing.T) {
	cases := []struct {
		name string
		spec *Spec
		path string
		want bool
	}{
		{"python test_ prefix", Python, "pkg/test_core.py", true},
		{"python _test suffix", Python, "pkg/core_test.py", true},
		{"python conftest anywhere", Python, "a/b/conftest.py", true},
		{"python under tests/", Python, "tests/helpers.py", true},
		{"python under a nested test/", Python, "src/test/helpers.py", true},
		{"python testing.py is production", Python, "pkg/testing.py", false},
		{"python a directory named tests_old is production", Python, "tests_old/x.py", false},
		{"python a file named tests.py is production", Python, "pkg/tests.py", false},
		{"go _test.go", Golang, "pkg/a_test.go", true},
		{"go testdata", Golang, "pkg/testdata/x.go", true},
		{"go a tests directory is production", Golang, "tests/x.go", false},
		{"javascript .test.", JavaScript, "src/a.test.js", true},
		{"javascript .spec.", JavaScript, "src/a.spec.mjs", true},
		{"javascript __tests__", JavaScript, "src/__tests__/a.js", true},
		{"javascript plain", JavaScript, "src/a.js", false},
		{"typescript e2e", TypeScript, "e2e/flow.ts", true},
		{"java src/test", Java, "core/src/test/java/A.java", true},
		{"java *Test.java", Java, "src/main/java/ATest.java", true},
		{"java src/main", Java, "src/main/java/A.java", false},
		{"rust tests/", Rust, "tests/it.rs", true},
		{"rust benches/", Rust, "crates/x/benches/b.rs", true},
		{"rust src/tests.rs is a module of the crate", Rust, "src/tests.rs", false},
		{"c _test.c", C, "src/a_test.c", true},
		{"c test/", C, "test/a.c", true},
		{"cpp _unittest.cc", Cpp, "src/a_unittest.cc", true},
		{"cpp tests/", Cpp, "tests/a.cpp", true},
		{"cpp plain", Cpp, "src/a.cpp", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tc.spec.IsTest(tc.path))
		})
	}
}

func TestParseScope(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Scope
		err  string
	}{
		{"", ScopeAll, ""},
		{"all", ScopeAll, ""},
		{"production", ScopeProduction, ""},
		{"tests", ScopeTests, ""},
		{"test", "", `unknown scope "test" (known: all, production, tests)`},
	} {
		got, err := ParseScope(tc.in)
		if tc.err != "" {
			assert.EqualError(t, err, tc.err)
			continue
		}
		assert.NoError(t, err)
		assert.Equal(t, tc.want, got)
	}
	assert.True(t, ScopeAll.Keeps(true) && ScopeAll.Keeps(false))
	assert.True(t, ScopeProduction.Keeps(false) && !ScopeProduction.Keeps(true))
	assert.True(t, ScopeTests.Keeps(true) && !ScopeTests.Keeps(false))
}
