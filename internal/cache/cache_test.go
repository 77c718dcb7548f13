package cache

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func key(parts ...string) Key {
	var h Hasher
	return h.Add(parts...).Key()
}

func TestHasherSeparatesParts(t *testing.T) {
	tests := []struct {
		name string
		a, b []string
	}{
		{"boundary moved", []string{"ab", "c"}, []string{"a", "bc"}},
		{"empty part", []string{"a", ""}, []string{"a"}},
		{"order", []string{"a", "b"}, []string{"b", "a"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.NotEqual(t, key(tc.a...), key(tc.b...))
		})
	}
	var h Hasher
	assert.Equal(t, key("a", "b"), h.Add("a").AddBytes([]byte("b")).Key(), "bytes and strings hash alike")
	assert.Len(t, key("x").String(), 64)
}

func TestOpenPutGet(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nested", "cache")
	d, err := Open(dir)
	require.NoError(t, err)
	tag, err := os.ReadFile(filepath.Join(dir, "CACHEDIR.TAG"))
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(tag), "Signature: 8a477f597d28d172789f06886806bc55"), "the cache directory tag convention")

	_, ok, err := d.Get(key("missing"))
	require.NoError(t, err)
	assert.False(t, ok)

	require.NoError(t, d.Put(key("k"), []byte("one")))
	require.NoError(t, d.Put(key("k"), []byte("two")))
	require.NoError(t, d.Put(key("empty"), nil))
	got, ok, err := d.Get(key("k"))
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, "two", string(got))

	before, err := Open(dir)
	require.NoError(t, err)
	_, ok, err = before.Get(key("k"))
	require.NoError(t, err)
	assert.False(t, ok, "another Dir sees the entries once the pack is finished")

	require.NoError(t, d.Close())
	assert.Error(t, d.Put(key("late"), []byte("x")), "no put after Close")
	again, err := Open(dir)
	require.NoError(t, err)
	got, ok, err = again.Get(key("k"))
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, "two", string(got), "entries outlive the process that wrote them")
	got, ok, err = again.Get(key("empty"))
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Empty(t, got)
	assert.Equal(t, dir, again.Path())
	require.NoError(t, again.Close())
	require.NoError(t, before.Close())
}

// Writers racing on the same keys leave whole entries; after Close the
// directory holds finished packs only.
func TestConcurrentPut(t *testing.T) {
	d, err := Open(t.TempDir())
	require.NoError(t, err)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				assert.NoError(t, d.Put(key(fmt.Sprint(i%5)), []byte(strings.Repeat("x", 1000+i%5))))
				_, _, err := d.Get(key(fmt.Sprint((i + 1) % 5)))
				assert.NoError(t, err)
			}
		}()
	}
	wg.Wait()
	for i := range 5 {
		got, ok, err := d.Get(key(fmt.Sprint(i)))
		require.NoError(t, err)
		require.True(t, ok)
		assert.Len(t, got, 1000+i)
	}
	require.NoError(t, d.Close())
	files, err := os.ReadDir(filepath.Join(d.Path(), layout))
	require.NoError(t, err)
	var names []string
	for _, f := range files {
		names = append(names, filepath.Ext(f.Name()))
	}
	assert.ElementsMatch(t, []string{".idx", ".pack"}, names)
}

// A damaged index or a pack cut short loses its entries (they are
// misses), never the others.
func TestDamagedPacks(t *testing.T) {
	dir := t.TempDir()
	write := func(k, v string) string {
		d, err := Open(dir)
		require.NoError(t, err)
		require.NoError(t, d.Put(key(k), []byte(v)))
		name := strings.TrimSuffix(d.w.f.Name(), ".tmp")
		require.NoError(t, d.Close())
		return name
	}
	write("good", "fine")
	damaged := write("bad index", "x")
	idx, err := os.ReadFile(damaged + ".idx")
	require.NoError(t, err)
	idx[len(indexMagic)] ^= 0xff
	require.NoError(t, os.WriteFile(damaged+".idx", idx, 0o644))
	short := write("short", "0123456789")
	require.NoError(t, os.Truncate(short+".pack", 4))

	d, err := Open(dir)
	require.NoError(t, err)
	for k, want := range map[string]bool{"good": true, "bad index": false, "short": false} {
		_, ok, err := d.Get(key(k))
		require.NoError(t, err)
		assert.Equal(t, want, ok, k)
	}
	require.NoError(t, d.Close())
}

// Past maxPacks packs, Open merges them into one that holds every entry.
// An unfinished pack older than a day is removed.
func TestMergeAndStalePacks(t *testing.T) {
	dir := t.TempDir()
	for i := range maxPacks + 1 {
		d, err := Open(dir)
		require.NoError(t, err)
		require.NoError(t, d.Put(key(fmt.Sprint(i)), []byte(fmt.Sprint("value ", i))))
		require.NoError(t, d.Close())
	}
	stale := filepath.Join(dir, layout, "pack-stale.tmp")
	require.NoError(t, os.WriteFile(stale, []byte("half"), 0o644))
	old := time.Now().Add(-2 * staleAfter)
	require.NoError(t, os.Chtimes(stale, old, old))
	fresh := filepath.Join(dir, layout, "pack-fresh.tmp")
	require.NoError(t, os.WriteFile(fresh, []byte("being written"), 0o644))

	d, err := Open(dir)
	require.NoError(t, err)
	for i := range maxPacks + 1 {
		got, ok, err := d.Get(key(fmt.Sprint(i)))
		require.NoError(t, err)
		require.True(t, ok, "entry %d", i)
		assert.Equal(t, fmt.Sprint("value ", i), string(got))
	}
	require.NoError(t, d.Close())
	idx, err := filepath.Glob(filepath.Join(dir, layout, "*.idx"))
	require.NoError(t, err)
	assert.Len(t, idx, 1, "one pack after the merge")
	assert.NoFileExists(t, stale)
	assert.FileExists(t, fresh, "a pack another process may be writing stays")
}

func TestOpenErrors(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	_, err := Open(file)
	assert.ErrorContains(t, err, file+" is not a directory")
	_, err = Open(filepath.Join(file, "below"))
	assert.ErrorContains(t, err, "failed to create")
	_, err = Open("")
	assert.ErrorContains(t, err, "no directory given")
}

// An entry written again in a later pack (after the first was found
// damaged) is the one read, whatever the packs' random names.
func TestLaterPackWins(t *testing.T) {
	dir := t.TempDir()
	for _, v := range []string{"first", "second", "third"} {
		d, err := Open(dir)
		require.NoError(t, err)
		require.NoError(t, d.Put(key("k"), []byte(v)))
		require.NoError(t, d.Close())
	}
	d, err := Open(dir)
	require.NoError(t, err)
	got, ok, err := d.Get(key("k"))
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, "third", string(got))
	require.NoError(t, d.Close())
}

// One byte changed anywhere in an entry's record (its key, length, bytes
// or checksum), the pack cut inside it after Open, or an index that
// places another entry's record under the key: Get says the entry is
// damaged, a miss, and the other entries still read back.
func TestDamagedEntries(t *testing.T) {
	const value = "{\"Lines\":12}"
	tests := []struct {
		name string
		// at is the byte of the first record changed (its key starts at
		// 0, its length at 32, its value at 36, its checksum after).
		at       int
		truncate bool
		swap     bool
		want     string
	}{
		{name: "a digit of the value", at: 36 + strings.Index(value, "1"), want: "checksum mismatch"},
		{name: "the key", at: 3, want: "checksum mismatch"},
		{name: "the length", at: 35, want: "checksum mismatch"},
		{name: "the checksum", at: 36 + len(value) + 5, want: "checksum mismatch"},
		{name: "the pack cut inside the record", truncate: true, want: "cut short"},
		{name: "another key's record", swap: true, want: "another key's"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			d, err := Open(dir)
			require.NoError(t, err)
			require.NoError(t, d.Put(key("a"), []byte(value)))
			require.NoError(t, d.Put(key("b"), []byte(value)))
			pack := strings.TrimSuffix(d.w.f.Name(), ".tmp") + ".pack"
			require.NoError(t, d.Close())

			d, err = Open(dir)
			require.NoError(t, err)
			defer d.Close()
			b, err := os.ReadFile(pack)
			require.NoError(t, err)
			require.Len(t, b, 2*(recordOverhead+len(value)))
			switch {
			case tc.truncate:
				require.NoError(t, os.Truncate(pack, int64(recordOverhead+len(value)+10)))
			case tc.swap:
				d.index[key("a")], d.index[key("b")] = d.index[key("b")], d.index[key("a")]
			default:
				// The same length, another digit or letter: only the
				// checksum can tell.
				b[tc.at] ^= 0x01
				require.NoError(t, os.WriteFile(pack, b, 0o644))
			}
			damaged := key("a")
			if tc.truncate {
				damaged = key("b")
			}
			got, ok, err := d.Get(damaged)
			assert.False(t, ok)
			assert.Nil(t, got)
			require.ErrorIs(t, err, ErrDamaged)
			assert.ErrorContains(t, err, tc.want)
			if !tc.swap {
				other := key("b")
				if tc.truncate {
					other = key("a")
				}
				got, ok, err = d.Get(other)
				require.NoError(t, err)
				assert.True(t, ok)
				assert.Equal(t, value, string(got))
			}
		})
	}
}

// A pipe, a directory or an oversized file in place of a pack or its
// index is a pack passed over, read neither endlessly nor at all: Open
// finishes and the other packs' entries are there.
func TestSpecialFilesInPlaceOfPacks(t *testing.T) {
	dir := t.TempDir()
	d, err := Open(dir)
	require.NoError(t, err)
	require.NoError(t, d.Put(key("good"), []byte("fine")))
	good := strings.TrimSuffix(d.w.f.Name(), ".tmp")
	require.NoError(t, d.Close())
	v3 := filepath.Join(dir, layout)
	require.NoError(t, syscall.Mkfifo(filepath.Join(v3, "pack-fifo.idx"), 0o644))
	require.NoError(t, os.Mkdir(filepath.Join(v3, "pack-dir.idx"), 0o755))
	idx, err := os.ReadFile(good + ".idx")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(v3, "pack-pipe.idx"), idx, 0o644))
	require.NoError(t, syscall.Mkfifo(filepath.Join(v3, "pack-pipe.pack"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(v3, "pack-big.idx"), make([]byte, int(maxIndexBytes)+1), 0o644))

	done := make(chan struct{})
	go func() {
		defer close(done)
		d, err := Open(dir)
		require.NoError(t, err)
		defer d.Close()
		b, ok, err := d.Get(key("good"))
		require.NoError(t, err)
		assert.True(t, ok)
		assert.Equal(t, "fine", string(b))
		assert.Len(t, d.packs, 1, "only the regular pack is open")
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Open blocked on a special file")
	}
}

// The files a killed writer leaves (a pack still named *.tmp, a pack
// renamed but never given its index, the temporary file of an index) are
// removed by the next Open once older than a day; younger ones may be
// another writer's at work and stay, as do finished packs of any age and
// files that are not the cache's.
func TestStaleUnfinishedFilesRemoved(t *testing.T) {
	dir := t.TempDir()
	d, err := Open(dir)
	require.NoError(t, err)
	require.NoError(t, d.Put(key("k"), []byte("kept")))
	require.NoError(t, d.Close())
	v3 := filepath.Join(dir, layout)
	finished, err := filepath.Glob(filepath.Join(v3, "pack-*"))
	require.NoError(t, err)
	require.Len(t, finished, 2, "a pack and its index")

	old := time.Now().Add(-2 * staleAfter)
	tests := []struct {
		name  string
		old   bool
		stays bool
	}{
		{"pack-00000000000000000001-1.tmp", true, false},
		{"pack-00000000000000000002-2.pack", true, false},
		{".pack-00000000000000000003-3.idx.tmp-x1y2", true, false},
		{"pack-00000000000000000004-4.tmp", false, true},
		{"pack-00000000000000000005-5.pack", false, true},
		{".pack-00000000000000000006-6.idx.tmp-z3", false, true},
		{"notes.txt", true, true},
		{"other.pack", true, true},
	}
	for _, tc := range tests {
		p := filepath.Join(v3, tc.name)
		require.NoError(t, os.WriteFile(p, []byte("left by a killed run"), 0o644))
		if tc.old {
			require.NoError(t, os.Chtimes(p, old, old))
		}
	}
	for _, f := range finished {
		require.NoError(t, os.Chtimes(f, old, old))
	}

	d, err = Open(dir)
	require.NoError(t, err)
	got, ok, err := d.Get(key("k"))
	require.NoError(t, err)
	require.True(t, ok, "a finished pack of any age is read")
	assert.Equal(t, "kept", string(got))
	require.NoError(t, d.Close())
	for _, tc := range tests {
		p := filepath.Join(v3, tc.name)
		if tc.stays {
			assert.FileExists(t, p)
		} else {
			assert.NoFileExists(t, p)
		}
	}
	for _, f := range finished {
		assert.FileExists(t, f)
	}
}
