package scbcheck_test

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/internal/cache"
	"github.com/scbcheck/scbcheck/internal/testkit"
	"github.com/scbcheck/scbcheck/report"
)

// cached analyses path with the cache in dir and returns the report and
// what the run found in the cache.
func cached(t *testing.T, opt scbcheck.Options, dir string) (*report.Report, scbcheck.CacheStats) {
	t.Helper()
	var stats scbcheck.CacheStats
	opt.CacheDir, opt.CacheStats = dir, &stats
	r, err := scbcheck.Analyze(context.Background(), opt)
	require.NoError(t, err)
	return r, stats
}

func jsonOf(t *testing.T, r *report.Report) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, report.WriteJSON(&b, r))
	return b.String()
}

// Every fixture of every language, with and without --include-all: the
// report from an empty cache and from a full one equals the report made
// without a cache, field for field.
func TestCacheGivesTheSameReport(t *testing.T) {
	for _, includeAll := range []bool{false, true} {
		opt := scbcheck.Options{
			Path: "testdata", Config: config.Default("testdata"), IncludeAll: includeAll,
			AstGrep: testkit.AstGrep(t), Languages: []string{"all"},
		}
		want, err := scbcheck.Analyze(context.Background(), opt)
		require.NoError(t, err)
		require.Greater(t, want.FilesScanned, 50)
		require.NotEmpty(t, want.Findings)

		dir := t.TempDir()
		cold, coldStats := cached(t, opt, dir)
		warm, warmStats := cached(t, opt, dir)
		for _, got := range []*report.Report{cold, warm} {
			assert.Equal(t, want, got, "include-all %t", includeAll)
			assert.Equal(t, jsonOf(t, want), jsonOf(t, got))
		}
		// Files of equal content share an entry, so a cold run can hit
		// already; how often depends on which worker gets there first.
		assert.Equal(t, want.FilesScanned+len(want.Skipped), coldStats.FileHits+coldStats.FileMisses)
		assert.Zero(t, coldStats.ScanHits)
		assert.Positive(t, coldStats.ScanMisses)
		assert.Equal(t, scbcheck.CacheStats{FileHits: want.FilesScanned, FileMisses: len(want.Skipped), ScanHits: coldStats.ScanMisses}, warmStats,
			"every parsed file and every scanned file is read back; skipped ones are analysed again")
	}
}

// A file is found again by its content: in a copy of the tree, after a
// rename, beside a changed file. The ast-grep findings are also keyed by
// the path in the tree and by the rules.
func TestCacheKeys(t *testing.T) {
	big := "def big(x):\n" + bigBody + "\n"
	src := t.TempDir()
	write(t, src, "a.py", big)
	write(t, src, "b.py", "def small():\n    if True == True:\n        return 1\n    return 2\n")
	dir := t.TempDir()
	opt := func(path string) scbcheck.Options {
		return scbcheck.Options{Path: path, Config: config.Default(path), AstGrep: testkit.AstGrep(t)}
	}
	check := func(path string, want scbcheck.CacheStats, extra ...string) {
		t.Helper()
		o := opt(path)
		o.ExtraRuleFiles = extra
		plain, err := scbcheck.Analyze(context.Background(), o)
		require.NoError(t, err)
		got, stats := cached(t, o, dir)
		assert.Equal(t, jsonOf(t, plain), jsonOf(t, got))
		assert.Equal(t, want, stats)
	}
	check(src, scbcheck.CacheStats{FileMisses: 2, ScanMisses: 2})
	check(src, scbcheck.CacheStats{FileHits: 2, ScanHits: 2})

	copied := t.TempDir()
	write(t, copied, "a.py", big)
	write(t, copied, "b.py", "def small():\n    if True == True:\n        return 1\n    return 2\n")
	check(copied, scbcheck.CacheStats{FileHits: 2, ScanHits: 2})

	write(t, copied, "b.py", "def small():\n    return 2\n")
	check(copied, scbcheck.CacheStats{FileHits: 1, FileMisses: 1, ScanHits: 1, ScanMisses: 1})

	require.NoError(t, os.Rename(filepath.Join(copied, "b.py"), filepath.Join(copied, "c.py")))
	check(copied, scbcheck.CacheStats{FileHits: 2, ScanHits: 1, ScanMisses: 1})

	rule := write(t, t.TempDir(), "extra.yml", "id: extra-pass\nlanguage: python\nseverity: warning\nmessage: pass\nrule:\n  kind: pass_statement\n")
	check(copied, scbcheck.CacheStats{FileHits: 2, ScanMisses: 2}, rule)
}

// bigBody is eleven nested-free branches: complexity 12.
const bigBody = "    if x == 1:\n        return 1\n    if x == 2:\n        return 2\n    if x == 3:\n        return 3\n" +
	"    if x == 4:\n        return 4\n    if x == 5:\n        return 5\n    if x == 6:\n        return 6\n" +
	"    if x == 7:\n        return 7\n    if x == 8:\n        return 8\n    if x == 9:\n        return 9\n" +
	"    if x == 10:\n        return 10\n    if x == 11:\n        return 11\n    return 0"

// A damaged entry is a miss: the report is unchanged, the damage counted,
// and the entry written again.
func TestCacheDamagedEntries(t *testing.T) {
	opt := scbcheck.Options{Path: "testdata/python", Config: config.Default("testdata/python"), AstGrep: testkit.AstGrep(t)}
	dir := t.TempDir()
	want, cold := cached(t, opt, dir)
	// Every byte of every pack overwritten: each entry's record fails
	// its checksum. An index record is a key, an offset and a length
	// (32 + 8 + 4 bytes) between a header and a checksum.
	entries := 0
	require.NoError(t, filepath.WalkDir(filepath.Join(dir, "v3"), func(p string, d fs.DirEntry, err error) error {
		require.NoError(t, err)
		switch filepath.Ext(p) {
		case ".pack":
			info, err := d.Info()
			require.NoError(t, err)
			return os.WriteFile(p, bytes.Repeat([]byte("x"), int(info.Size())), 0o644)
		case ".idx":
			b, err := os.ReadFile(p)
			require.NoError(t, err)
			entries += (len(b) - len("scbcheck-cache-index-3\n") - 32) / 44
		}
		return nil
	}))
	require.Equal(t, cold.FileMisses+cold.ScanMisses, entries)

	got, stats := cached(t, opt, dir)
	assert.Equal(t, jsonOf(t, want), jsonOf(t, got))
	assert.Equal(t, entries, stats.Damaged)
	assert.Zero(t, stats.Errors, "damage is not a failure to read or write")
	assert.ErrorIs(t, stats.FirstDamage, cache.ErrDamaged)
	assert.ErrorContains(t, stats.FirstDamage, "checksum mismatch")
	assert.Equal(t, cold.FileMisses, stats.FileMisses)

	_, again := cached(t, opt, dir)
	assert.Equal(t, scbcheck.CacheStats{FileHits: cold.FileMisses, ScanHits: cold.ScanMisses}, again)
}

// One digit of an entry's JSON changed in the pack, the pack's length
// kept: without a checksum the entry decodes and its number is believed.
// The run is the run without a cache, and the damage is counted.
func TestCacheChangedDigit(t *testing.T) {
	src := t.TempDir()
	write(t, src, "a.py", "def big(x):\n"+bigBody+"\n")
	opt := scbcheck.Options{Path: src, Config: config.Default(src), AstGrep: testkit.AstGrep(t)}
	plain, err := scbcheck.Analyze(context.Background(), opt)
	require.NoError(t, err)
	require.Equal(t, 12, plain.Files[0].Callables[0].CC, "the fixture's complexity, counted by hand")

	dir := t.TempDir()
	cached(t, opt, dir)
	_, warm := cached(t, opt, dir)
	require.Equal(t, scbcheck.CacheStats{FileHits: 1, ScanHits: 1}, warm)

	packs, err := filepath.Glob(filepath.Join(dir, "v3", "*.pack"))
	require.NoError(t, err)
	require.Len(t, packs, 1)
	b, err := os.ReadFile(packs[0])
	require.NoError(t, err)
	// The file's cyclomatic complexity, 12, becomes 13.
	field := []byte(`"CC":12,`)
	require.Equal(t, 1, bytes.Count(b, field), "the entry holds the complexity once")
	at := bytes.Index(b, field) + len(field) - 2
	b[at] = '3'
	require.NoError(t, os.WriteFile(packs[0], b, 0o644))

	got, stats := cached(t, opt, dir)
	assert.Equal(t, jsonOf(t, plain), jsonOf(t, got))
	assert.Equal(t, 12, got.Files[0].Callables[0].CC)
	assert.Equal(t, 1, stats.Damaged)
	assert.Equal(t, 1, stats.FileMisses, "the damaged analysis is made again")
	assert.Equal(t, 1, stats.ScanHits, "the other entry is still read")
	assert.ErrorContains(t, stats.FirstDamage, "checksum mismatch")
	assert.ErrorContains(t, stats.FirstDamage, filepath.Join(src, "a.py"))
}

func TestCacheDirectoryErrors(t *testing.T) {
	notDir := write(t, t.TempDir(), "cache", "a file")
	_, err := scbcheck.Analyze(context.Background(), scbcheck.Options{
		Path: "testdata/python", Config: config.Default("testdata/python"), DisableSG: true, CacheDir: notDir,
	})
	assert.ErrorContains(t, err, notDir+" is not a directory")
}

// A session opens its cache once: OpenCache fails before any run on a
// directory it cannot open, and the runs then fail alike.
func TestSessionOpensItsCacheOnce(t *testing.T) {
	notDir := write(t, t.TempDir(), "cache", "a file")
	s, err := scbcheck.NewSession(scbcheck.Options{DisableSG: true, CacheDir: notDir})
	require.NoError(t, err, "nothing is opened before it is needed")
	assert.ErrorContains(t, s.OpenCache(), notDir+" is not a directory")
	_, err = s.Run(context.Background(), scbcheck.Target{Path: "testdata/python", Config: config.Default("testdata/python")})
	assert.ErrorContains(t, err, notDir+" is not a directory")
	assert.ErrorContains(t, s.Prescan(context.Background(), nil, nil, nil, nil, nil)(), notDir+" is not a directory")
	assert.NoError(t, s.Close(), "nothing to close")
}

// Two runs at once sharing a cache analyse each file once: the one that
// misses a file the other is analysing waits for its analysis.
func TestConcurrentRunsAnalyseEachFileOnce(t *testing.T) {
	dir := t.TempDir()
	const files = 40
	for i := range files {
		write(t, dir, fmt.Sprintf("m%02d.py", i), fmt.Sprintf("def f%d(x):\n    if x:\n        return %d\n    return 0\n", i, i))
	}
	s, err := scbcheck.NewSession(scbcheck.Options{DisableSG: true, MemoryCache: true, Workers: 4})
	require.NoError(t, err)
	defer s.Close()
	var stats [2]scbcheck.CacheStats
	var wg sync.WaitGroup
	for k := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := s.Run(context.Background(), scbcheck.Target{Path: dir, Config: config.Default(dir), CacheStats: &stats[k]})
			assert.NoError(t, err)
		}()
	}
	wg.Wait()
	assert.Equal(t, files, stats[0].FileMisses+stats[1].FileMisses)
	assert.Equal(t, files, stats[0].FileHits+stats[1].FileHits)
}

// A derived session has its own settings and its parent's cache: a file
// measured by one is read back by the other where the settings do not
// change its measurements, closing it leaves the cache open, and the
// parent's Close writes out what both stored.
func TestDerivedSessionSharesTheCache(t *testing.T) {
	tree := t.TempDir()
	for i := range 3 {
		write(t, tree, fmt.Sprintf("m%d.py", i), fmt.Sprintf("def f%d(x):\n    if x:\n        return %d\n    return 0\n", i, i))
	}
	dir := t.TempDir()
	parent, err := scbcheck.NewSession(scbcheck.Options{DisableSG: true, CacheDir: dir})
	require.NoError(t, err)
	run := func(s *scbcheck.Session) (*report.Report, scbcheck.CacheStats) {
		t.Helper()
		var stats scbcheck.CacheStats
		r, err := s.Run(context.Background(), scbcheck.Target{Path: tree, Config: config.Default(tree), CacheStats: &stats})
		require.NoError(t, err)
		return r, stats
	}
	_, first := run(parent)
	assert.Equal(t, 3, first.FileMisses)

	derived, err := parent.Derive(scbcheck.Options{DisableSG: true, IncludeAll: true, Languages: []string{"python", "go"}})
	require.NoError(t, err)
	r, second := run(derived)
	assert.Equal(t, 3, second.FileHits, "a file's measurements do not depend on the rules or languages chosen")
	assert.Equal(t, 0, second.FileMisses)
	assert.Equal(t, 3, r.TotalFunctions)
	require.NoError(t, derived.Close())

	_, third := run(parent)
	assert.Equal(t, 3, third.FileHits, "the parent's cache is still open")
	require.NoError(t, parent.Close())

	again, err := scbcheck.NewSession(scbcheck.Options{DisableSG: true, CacheDir: dir})
	require.NoError(t, err)
	defer again.Close()
	_, fourth := run(again)
	assert.Equal(t, 3, fourth.FileHits, "the parent's Close wrote the entries out")
}

// Deriving a session resolves its settings as NewSession does: an
// unknown profile is an error.
func TestDeriveRefusesBadSettings(t *testing.T) {
	parent, err := scbcheck.NewSession(scbcheck.Options{DisableSG: true, MemoryCache: true})
	require.NoError(t, err)
	defer parent.Close()
	_, err = parent.Derive(scbcheck.Options{Compat: "9.9"})
	assert.ErrorIs(t, err, scbcheck.ErrConfig)
}
