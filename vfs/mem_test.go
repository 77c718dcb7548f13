package vfs_test

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/scbcheck/scbcheck/vfs"
)

// Placeholders in a link target: rootMark is the tree's root (each tree
// its own), outMark the directory outside both trees that exists on disk.
const (
	rootMark = "{root}"
	outMark  = "{out}"
)

// entry is one element of a test tree: a regular file (data, perm), a
// directory (dir) or a symbolic link (link, target).
type entry struct {
	path   string // slash-separated, relative to the root
	data   string
	perm   fs.FileMode
	dir    bool
	link   bool
	target string
}

func file(p, data string, perm fs.FileMode) entry { return entry{path: p, data: data, perm: perm} }
func dir(p string) entry                          { return entry{path: p, dir: true} }
func link(p, target string) entry                 { return entry{path: p, link: true, target: target} }

// canonicalTempDir is t.TempDir with its links resolved, so that paths
// the OS resolves keep the prefix the test maps.
func canonicalTempDir(t *testing.T) string {
	t.Helper()
	d, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	return d
}

// outside makes the directory the trees' links may leave for: a file, a
// directory holding a file, and a link back to the file.
func outside(t *testing.T) string {
	t.Helper()
	out := canonicalTempDir(t)
	require.NoError(t, os.WriteFile(filepath.Join(out, "real.txt"), []byte("outside file\n"), 0o644))
	require.NoError(t, os.Chmod(filepath.Join(out, "real.txt"), 0o644))
	require.NoError(t, os.Mkdir(filepath.Join(out, "d"), 0o755))
	require.NoError(t, os.Chmod(filepath.Join(out, "d"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(out, "d", "inner.txt"), []byte("inner"), 0o644))
	require.NoError(t, os.Chmod(filepath.Join(out, "d", "inner.txt"), 0o644))
	require.NoError(t, os.Symlink("real.txt", filepath.Join(out, "rel-link")))
	return out
}

func expand(target, root, out string) string {
	target = strings.ReplaceAll(target, rootMark, root)
	return strings.ReplaceAll(target, outMark, out)
}

// mkdirs makes the missing directories of dir (below root) with mode 0755
// whatever the umask, as Mem makes them.
func mkdirs(t *testing.T, root, rel string) {
	t.Helper()
	if rel == "." || rel == "" {
		return
	}
	mkdirs(t, root, path.Dir(rel))
	p := filepath.Join(root, filepath.FromSlash(rel))
	if _, err := os.Lstat(p); err == nil {
		return
	}
	require.NoError(t, os.Mkdir(p, 0o755))
	require.NoError(t, os.Chmod(p, 0o755))
}

// buildDisk writes entries under root (which it makes) on disk.
func buildDisk(t *testing.T, root, out string, entries []entry) {
	t.Helper()
	require.NoError(t, os.Mkdir(root, 0o755))
	require.NoError(t, os.Chmod(root, 0o755))
	for _, e := range entries {
		mkdirs(t, root, path.Dir(e.path))
		p := filepath.Join(root, filepath.FromSlash(e.path))
		switch {
		case e.dir:
			mkdirs(t, root, e.path)
		case e.link:
			require.NoError(t, os.Symlink(expand(e.target, root, out), p))
		default:
			require.NoError(t, os.WriteFile(p, []byte(e.data), e.perm))
			require.NoError(t, os.Chmod(p, e.perm))
		}
	}
}

// buildMem writes entries into a new Mem at root.
func buildMem(t *testing.T, root, out string, entries []entry) *vfs.Mem {
	t.Helper()
	m, err := vfs.NewMem(root)
	require.NoError(t, err)
	require.Equal(t, root, m.Root())
	for _, e := range entries {
		switch {
		case e.dir:
			require.NoError(t, m.Mkdir(e.path))
		case e.link:
			require.NoError(t, m.Symlink(expand(e.target, root, out), e.path))
		default:
			require.NoError(t, m.WriteFile(e.path, []byte(e.data), e.perm))
		}
	}
	return m
}

// pair is the same tree on disk (OS) and in memory (Mem), at different
// roots of the same base name.
type pair struct {
	osRoot, memRoot, out string
	mem                  *vfs.Mem
}

func newPair(t *testing.T, out string, entries []entry) pair {
	t.Helper()
	osRoot := filepath.Join(canonicalTempDir(t), "tree")
	memRoot := filepath.Join(canonicalTempDir(t), "tree") // not on disk
	buildDisk(t, osRoot, out, entries)
	m := buildMem(t, memRoot, out, entries)
	_, err := os.Lstat(memRoot)
	require.ErrorIs(t, err, fs.ErrNotExist, "Mem must not write to disk")
	return pair{osRoot: osRoot, memRoot: memRoot, out: out, mem: m}
}

// at is probe (relative to the root, slash-separated, "" for the root
// itself; may hold "." and ".." and end in "/") under root. A probe is
// joined as text, not cleaned, so that the OS sees it as written.
func at(root, probe string) string {
	if probe == "" {
		return root
	}
	return root + string(filepath.Separator) + filepath.FromSlash(probe)
}

// unroot replaces root's parent in s by a marker, so that texts of the
// two trees (roots of the same base name) compare.
func unroot(s, root string) string { return strings.ReplaceAll(s, filepath.Dir(root), rootMark+"/..") }

// sameErr asserts that got (Mem's) is the error want (the OS's) is.
func sameErr(t *testing.T, p pair, what string, want, got error) bool {
	t.Helper()
	if want == nil {
		return assert.NoError(t, got, what)
	}
	if !assert.Error(t, got, what+": want %v", want) {
		return false
	}
	assert.Equal(t, errors.Is(want, fs.ErrNotExist), errors.Is(got, fs.ErrNotExist), "%s: errors.Is(fs.ErrNotExist)", what)
	var wantPE, gotPE *fs.PathError
	assert.Equal(t, errors.As(want, &wantPE), errors.As(got, &gotPE), "%s: *fs.PathError", what)
	assert.Equal(t, unroot(want.Error(), p.osRoot), unroot(got.Error(), p.memRoot), "%s: error text", what)
	return false
}

func sameInfo(t *testing.T, what string, want, got fs.FileInfo) {
	t.Helper()
	assert.Equal(t, want.Name(), got.Name(), "%s: Name", what)
	assert.Equal(t, want.Mode(), got.Mode(), "%s: Mode", what)
	assert.Equal(t, want.IsDir(), got.IsDir(), "%s: IsDir", what)
	if want.Mode().IsRegular() {
		assert.Equal(t, want.Size(), got.Size(), "%s: Size", what)
	}
}

// compare probes the pair at probe through every FS method, the OS's
// answers being the expected ones.
func compare(t *testing.T, p pair, probe string) {
	t.Helper()
	osName, memName := at(p.osRoot, probe), at(p.memRoot, probe)
	compareNames(t, p, probe, osName, memName)
}

func compareNames(t *testing.T, p pair, probe, osName, memName string) {
	t.Helper()
	m := p.mem
	if e, ok := escapes[probe]; ok {
		compareEscape(t, p, probe, osName, memName, e)
		return
	}

	wantFI, wantErr := vfs.OS.Stat(osName)
	gotFI, gotErr := m.Stat(memName)
	if sameErr(t, p, "Stat "+probe, wantErr, gotErr) {
		sameInfo(t, "Stat "+probe, wantFI, gotFI)
	}

	wantFI, wantErr = vfs.OS.Lstat(osName)
	gotFI, gotErr = m.Lstat(memName)
	if sameErr(t, p, "Lstat "+probe, wantErr, gotErr) {
		sameInfo(t, "Lstat "+probe, wantFI, gotFI)
	}

	wantDE, wantErr := vfs.OS.ReadDir(osName)
	if evalOS(osName) == filepath.Dir(p.osRoot) {
		// The root's parent is the OS's, without the Mem's root in it.
		wantDE, wantErr = vfs.OS.ReadDir(filepath.Dir(p.memRoot))
	}
	gotDE, gotErr := m.ReadDir(memName)
	if sameErr(t, p, "ReadDir "+probe, wantErr, gotErr) && assert.Len(t, gotDE, len(wantDE), "ReadDir %s", probe) {
		for i := range wantDE {
			what := fmt.Sprintf("ReadDir %s [%d]", probe, i)
			assert.Equal(t, wantDE[i].Name(), gotDE[i].Name(), "%s: Name", what)
			assert.Equal(t, wantDE[i].Type(), gotDE[i].Type(), "%s: Type", what)
			assert.Equal(t, wantDE[i].IsDir(), gotDE[i].IsDir(), "%s: IsDir", what)
			wi, err := wantDE[i].Info()
			require.NoError(t, err)
			gi, err := gotDE[i].Info()
			if assert.NoError(t, err, what) {
				sameInfo(t, what+" Info", wi, gi)
			}
		}
	}

	wantData, wantErr := vfs.OS.ReadFile(osName)
	gotData, gotErr := m.ReadFile(memName)
	if sameErr(t, p, "ReadFile "+probe, wantErr, gotErr) {
		assert.Equal(t, string(wantData), string(gotData), "ReadFile %s", probe)
	}

	wantPath, wantErr := vfs.OS.EvalSymlinks(osName)
	gotPath, gotErr := m.EvalSymlinks(memName)
	if sameErr(t, p, "EvalSymlinks "+probe, wantErr, gotErr) {
		assert.Equal(t, unroot(wantPath, p.osRoot), unroot(gotPath, p.memRoot), "EvalSymlinks %s", probe)
	}

	sum, ok := m.SHA256(memName)
	if wantFI, err := os.Stat(osName); err == nil && wantFI.Mode().IsRegular() && isBelow(evalOS(osName), p.osRoot) {
		data, err := os.ReadFile(osName)
		require.NoError(t, err)
		assert.True(t, ok, "SHA256 %s", probe)
		assert.Equal(t, sha256.Sum256(data), sum, "SHA256 %s", probe)
	} else {
		assert.False(t, ok, "SHA256 %s", probe)
	}
}

// escape is what Mem answers for a probe whose resolution follows a link
// of the tree out of it, where the OS reads what the link leads to.
type escape struct {
	// eval is EvalSymlinks' answer (with the rootMark and outMark
	// placeholders): the path the link leads to, cleaned as text.
	eval string
	// rel is EvalSymlinks' answer to the probe named relative to the
	// root's parent, when it is not eval.
	rel string
	// link is set when the probe's last component is the link itself:
	// Lstat, which does not follow it, is the OS's.
	link bool
}

// escapes are the probes of the cases below that leave the tree through
// one of its links: for them Mem reads nothing of the OS's.
var escapes = map[string]escape{
	"out":                {eval: outMark + "/real.txt", link: true},
	"outdir":             {eval: outMark + "/d", link: true},
	"outdir/inner.txt":   {eval: outMark + "/d/inner.txt"},
	"outdir/missing":     {eval: outMark + "/d/missing"},
	"outrel":             {eval: outMark + "/rel-link", link: true}, // the OS's link there is not read
	"outmissing":         {eval: outMark + "/missing", link: true},
	"outmissing/x":       {eval: outMark + "/missing/x"},
	"up-root":            {eval: rootMark + "/..", rel: ".", link: true},
	"d/a/a/b":            {eval: outMark + "/d", link: true},
	"d/b/inner.txt":      {eval: outMark + "/d/inner.txt"},
	"outdir/":            {eval: outMark + "/d"},
	"outdir/..":          {eval: outMark},
	"outdir/../real.txt": {eval: outMark + "/real.txt"},
}

// isOutside asserts that err is Mem's error for a path a link leads out
// of the tree: a *fs.PathError naming the path asked about, ErrOutside
// and fs.ErrNotExist.
func isOutside(t *testing.T, what, op, name string, err error) {
	t.Helper()
	var pe *fs.PathError
	if assert.ErrorAs(t, err, &pe, what) {
		assert.Equal(t, op, pe.Op, what)
		assert.Equal(t, name, pe.Path, what)
	}
	assert.ErrorIs(t, err, vfs.ErrOutside, what)
	assert.ErrorIs(t, err, fs.ErrNotExist, what)
}

// compareEscape checks Mem's answers for a probe of escapes.
func compareEscape(t *testing.T, p pair, probe, osName, memName string, e escape) {
	t.Helper()
	m := p.mem
	_, err := m.Stat(memName)
	isOutside(t, "Stat "+probe, "stat", memName, err)
	gotFI, err := m.Lstat(memName)
	if e.link {
		wantFI, wantErr := vfs.OS.Lstat(osName)
		require.NoError(t, wantErr)
		if assert.NoError(t, err, "Lstat "+probe) {
			sameInfo(t, "Lstat "+probe, wantFI, gotFI)
		}
	} else {
		isOutside(t, "Lstat "+probe, "lstat", memName, err)
	}
	_, err = m.ReadDir(memName)
	isOutside(t, "ReadDir "+probe, "open", memName, err)
	data, err := m.ReadFile(memName)
	isOutside(t, "ReadFile "+probe, "open", memName, err)
	assert.Empty(t, data, "ReadFile "+probe)
	got, err := m.EvalSymlinks(memName)
	if assert.NoError(t, err, "EvalSymlinks "+probe) {
		assert.Equal(t, filepath.Clean(expand(e.eval, p.memRoot, p.out)), got, "EvalSymlinks %s", probe)
	}
	_, ok := m.SHA256(memName)
	assert.False(t, ok, "SHA256 %s", probe)
}

func evalOS(name string) string {
	p, err := filepath.EvalSymlinks(name)
	if err != nil {
		return ""
	}
	return p
}

func isBelow(name, root string) bool {
	return name == root || strings.HasPrefix(name, root+string(filepath.Separator))
}

// base is the tree most cases share.
var base = []entry{
	file("f.txt", "hello\n", 0o644),
	file("run.sh", "#!/bin/sh\necho hi\n", 0o755),
	file("empty", "", 0o644),
	dir("emptydir"),
	file("dir/g.txt", "in dir", 0o644),
	file("dir/sub/deep.txt", "deep down", 0o600),
	file("dir/b.txt", "b", 0o644),
	file("dir/a.txt", "a", 0o644),
	link("dir/up", "../f.txt"),             // inside to inside, relative
	link("dir/self-dir", "."),              // link to its own directory
	link("linkdir", "dir"),                 // link to a directory
	link("absdir", rootMark+"/dir"),        // absolute target into the tree
	link("absfile", rootMark+"/dir/g.txt"), // absolute target to a file
	link("out", outMark+"/real.txt"),       // out of the root, to a file
	link("outdir", outMark+"/d"),           // out of the root, to a directory
	link("outrel", outMark+"/rel-link"),    // out of the root, to a link there
	link("outmissing", outMark+"/missing"), // dangling, outside
	link("dangle", "nowhere"),              // dangling, relative
	link("dangle-abs", rootMark+"/nowhere"),
	link("loop1", "loop2"), // a loop
	link("loop2", "loop1"),
	link("self", "self"),
	link("chain1", "chain2"), // a chain
	link("chain2", "dir/../chain3"),
	link("chain3", rootMark+"/linkdir/sub/../up"),
	link("through-file", "f.txt/x"), // a file where a directory is expected
	link("up-root", ".."),           // the root's parent (the OS's)
	link("dir/sub/rel-up", "../../linkdir/g.txt"),
	link("dotdot-link", "linkdir/.."),
}

var baseProbes = []string{
	"",
	"f.txt", "run.sh", "empty", "emptydir", "dir", "dir/g.txt", "dir/sub", "dir/sub/deep.txt",
	"dir/up", "dir/self-dir", "dir/self-dir/g.txt", "dir/self-dir/self-dir/up",
	"linkdir", "linkdir/g.txt", "linkdir/sub/deep.txt", "linkdir/up", "linkdir/missing",
	"absdir", "absdir/g.txt", "absfile",
	"out", "outdir", "outdir/inner.txt", "outdir/missing", "outrel", "outmissing", "outmissing/x",
	"dangle", "dangle/x", "dangle-abs",
	"loop1", "loop2", "self", "loop1/x",
	"chain1", "chain2", "chain3",
	"through-file", "f.txt/x", "f.txt/x/y", "dir/g.txt/x", "absfile/x",
	"missing", "missing/x", "dir/missing", "emptydir/missing",
	"up-root", "dir/sub/rel-up", "dotdot-link",
}

func TestMemMatchesOS(t *testing.T) {
	out := outside(t)
	long := []entry{file("target.txt", "end of the chain", 0o644)}
	for i := range 45 { // more links than the kernel follows (40)
		long = append(long, link(fmt.Sprintf("l%02d", i), fmt.Sprintf("l%02d", i+1)))
	}
	long = append(long, link("l45", "target.txt"))

	cases := []struct {
		name    string
		entries []entry
		probes  []string
	}{
		{name: "empty tree", probes: []string{"", "missing", "missing/x"}},
		{name: "links, loops, chains and outside targets", entries: base, probes: baseProbes},
		{
			name:    "a directory of links only",
			entries: []entry{link("d/a", "../d"), link("d/b", outMark+"/d"), link("d/c", "gone")},
			probes:  []string{"d", "d/a", "d/a/a/b", "d/b/inner.txt", "d/c"},
		},
		{
			name: "root is a link's target and a file is in a directory's place",
			entries: []entry{
				link("root", rootMark), link("rootrel", "."),
				file("x", "x", 0o755), link("x-dir", "x/"), link("x-dot", "x/."),
			},
			probes: []string{"root", "root/root/x", "rootrel", "rootrel/x", "x-dir", "x-dot", "x/."},
		},
		{name: "chain longer than the kernel follows", entries: long, probes: []string{"l00", "l05", "l06", "l07", "l44", "l45"}},
		{
			name:    "non-clean probe paths",
			entries: base,
			probes: []string{
				".", "./f.txt", "dir/..", "dir/../f.txt", "dir//g.txt", "dir/", "f.txt/", "f.txt/.", "f.txt/..",
				"linkdir/", "linkdir/.", "linkdir/..", "linkdir/../f.txt", "dir/sub/rel-up/..",
				"outdir/", "outdir/..", "outdir/../real.txt", "dangle/", "missing/..", "up-root/tree/f.txt",
				"..", "../tree", "dir/self-dir/..", "absdir/sub/../g.txt",
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := newPair(t, out, tc.entries)
			for _, probe := range tc.probes {
				t.Run(strings.ReplaceAll(probe, "/", "|"), func(t *testing.T) { compare(t, p, probe) })
			}
		})
	}
}

// TestMemMatchesOSRelative probes with paths relative to the working
// directory, the parent of each root.
func TestMemMatchesOSRelative(t *testing.T) {
	out := outside(t)
	p := newPair(t, out, base)
	osWD, memWD := filepath.Dir(p.osRoot), filepath.Dir(p.memRoot)
	type result struct {
		stat, lstat fs.FileInfo
		data        []byte
		eval        string
		errs        [4]error
	}
	run := func(f vfs.FS, name string) result {
		var r result
		r.stat, r.errs[0] = f.Stat(name)
		r.lstat, r.errs[1] = f.Lstat(name)
		r.data, r.errs[2] = f.ReadFile(name)
		r.eval, r.errs[3] = f.EvalSymlinks(name)
		return r
	}
	probes := append([]string{"tree/../tree", "./tree"}, baseProbes...)
	want := map[string]result{}
	t.Chdir(osWD)
	for _, probe := range probes {
		want[probe] = run(vfs.OS, at("tree", probe))
	}
	require.NoError(t, os.Chdir(memWD))
	for _, probe := range probes {
		name := at("tree", probe)
		got := run(p.mem, name)
		if e, ok := escapes[probe]; ok {
			isOutside(t, "Stat "+probe, "stat", name, got.errs[0])
			if !e.link {
				isOutside(t, "Lstat "+probe, "lstat", name, got.errs[1])
			} else if assert.NoError(t, got.errs[1], "Lstat "+probe) {
				sameInfo(t, "Lstat "+probe, want[probe].lstat, got.lstat)
			}
			isOutside(t, "ReadFile "+probe, "open", name, got.errs[2])
			eval := e.eval
			if e.rel != "" {
				eval = e.rel
			}
			if assert.NoError(t, got.errs[3], "EvalSymlinks "+probe) {
				assert.Equal(t, filepath.Clean(expand(eval, p.memRoot, p.out)), got.eval, "EvalSymlinks %s", probe)
			}
			continue
		}
		w := want[probe]
		for i, what := range []string{"Stat", "Lstat", "ReadFile", "EvalSymlinks"} {
			what += " " + probe
			if w.errs[i] == nil {
				assert.NoError(t, got.errs[i], what)
				continue
			}
			if assert.Error(t, got.errs[i], what) {
				assert.Equal(t, errors.Is(w.errs[i], fs.ErrNotExist), errors.Is(got.errs[i], fs.ErrNotExist), what)
				assert.Equal(t, unroot(w.errs[i].Error(), p.osRoot), unroot(got.errs[i].Error(), p.memRoot), what)
			}
		}
		if w.errs[0] == nil && got.errs[0] == nil {
			sameInfo(t, "Stat "+probe, w.stat, got.stat)
		}
		if w.errs[1] == nil && got.errs[1] == nil {
			sameInfo(t, "Lstat "+probe, w.lstat, got.lstat)
		}
		assert.Equal(t, string(w.data), string(got.data), "ReadFile %s", probe)
		assert.Equal(t, unroot(w.eval, p.osRoot), unroot(got.eval, p.memRoot), "EvalSymlinks %s", probe)
	}
}

// TestCanonical checks vfs.Canonical through Mem against the OS.
func TestCanonical(t *testing.T) {
	p := newPair(t, outside(t), base)
	for _, probe := range []string{"", "f.txt", "linkdir/g.txt", "chain1", "out", "outdir/inner.txt", "dir/..", "missing"} {
		want, wantErr := vfs.Canonical(vfs.OS, at(p.osRoot, probe))
		got, gotErr := vfs.Canonical(p.mem, at(p.memRoot, probe))
		if sameErr(t, p, "Canonical "+probe, wantErr, gotErr) {
			assert.Equal(t, unroot(want, p.osRoot), unroot(got, p.memRoot), "Canonical %s", probe)
		}
	}
	got, err := vfs.Canonical(nil, p.osRoot)
	require.NoError(t, err)
	assert.Equal(t, p.osRoot, got, "Canonical(nil, …) is the OS's")
	assert.Equal(t, vfs.OS, vfs.Or(nil))
	assert.Equal(t, vfs.FS(p.mem), vfs.Or(p.mem))
}

func TestNewMemRoot(t *testing.T) {
	_, err := vfs.NewMem("relative/root")
	assert.Error(t, err)
	m, err := vfs.NewMem("/a/b/../c/")
	require.NoError(t, err)
	assert.Equal(t, filepath.Clean("/a/c"), m.Root())
}

// newMem is an empty Mem at a root that is not on disk.
func newMem(t *testing.T) *vfs.Mem {
	t.Helper()
	m, err := vfs.NewMem(filepath.Join(canonicalTempDir(t), "tree"))
	require.NoError(t, err)
	return m
}

func names(t *testing.T, m *vfs.Mem, rel string) []string {
	t.Helper()
	des, err := m.ReadDir(at(m.Root(), rel))
	require.NoError(t, err)
	out := []string{}
	for _, de := range des {
		out = append(out, de.Name())
	}
	return out
}

func TestMemWriteFileReplaces(t *testing.T) {
	m := newMem(t)
	p := func(rel string) string { return at(m.Root(), rel) }
	require.NoError(t, m.WriteFile("a/f", []byte("one"), 0o644))
	require.NoError(t, m.WriteFile("a/f", []byte("two!"), 0o755))
	data, err := m.ReadFile(p("a/f"))
	require.NoError(t, err)
	assert.Equal(t, "two!", string(data))
	fi, err := m.Stat(p("a/f"))
	require.NoError(t, err)
	assert.Equal(t, fs.FileMode(0o755), fi.Mode())
	assert.Equal(t, int64(4), fi.Size())

	// Only the permission bits of perm are kept.
	require.NoError(t, m.WriteFile("a/odd", nil, fs.ModeDir|fs.ModeSetuid|0o640))
	fi, err = m.Lstat(p("a/odd"))
	require.NoError(t, err)
	assert.Equal(t, fs.FileMode(0o640), fi.Mode())

	// Over a directory: the directory and what it held go.
	require.NoError(t, m.WriteFile("d/sub/x", []byte("x"), 0o644))
	require.NoError(t, m.WriteFile("d", []byte("now a file"), 0o644))
	fi, err = m.Stat(p("d"))
	require.NoError(t, err)
	assert.True(t, fi.Mode().IsRegular())
	_, err = m.Stat(p("d/sub/x"))
	assert.ErrorIs(t, err, syscall.ENOTDIR)
	assert.NotErrorIs(t, err, fs.ErrNotExist, "ENOTDIR, as os gives, is not fs.ErrNotExist")
	assert.Equal(t, fmt.Sprintf("stat %s: not a directory", p("d/sub/x")), err.Error())

	// A file in the way of a parent directory is replaced by one.
	require.NoError(t, m.WriteFile("a/f/g", []byte("g"), 0o644))
	fi, err = m.Stat(p("a/f"))
	require.NoError(t, err)
	assert.True(t, fi.IsDir())
	assert.Equal(t, fs.ModeDir|0o755, fi.Mode())

	// Symlink replaces a file, and WriteFile a link (not its target).
	require.NoError(t, m.WriteFile("target", []byte("target"), 0o644))
	require.NoError(t, m.WriteFile("s", []byte("was a file"), 0o644))
	require.NoError(t, m.Symlink("target", "s"))
	fi, err = m.Lstat(p("s"))
	require.NoError(t, err)
	assert.Equal(t, fs.ModeSymlink|0o777, fi.Mode())
	data, err = m.ReadFile(p("s"))
	require.NoError(t, err)
	assert.Equal(t, "target", string(data))
	require.NoError(t, m.WriteFile("s", []byte("file again"), 0o644))
	data, err = m.ReadFile(p("target"))
	require.NoError(t, err)
	assert.Equal(t, "target", string(data), "writing over a link leaves its target alone")
	data, err = m.ReadFile(p("s"))
	require.NoError(t, err)
	assert.Equal(t, "file again", string(data))

	// Mkdir keeps an existing directory's contents, replaces a file.
	require.NoError(t, m.Mkdir("a"))
	assert.Equal(t, []string{"f", "odd"}, names(t, m, "a"))
	require.NoError(t, m.Mkdir("target"))
	assert.Empty(t, names(t, m, "target"))
}

func TestMemDelete(t *testing.T) {
	m := newMem(t)
	p := func(rel string) string { return at(m.Root(), rel) }
	require.NoError(t, m.WriteFile("a/b/c/only.txt", []byte("1"), 0o644))
	require.NoError(t, m.WriteFile("a/keep.txt", []byte("2"), 0o644))
	require.NoError(t, m.WriteFile("top.txt", []byte("3"), 0o644))

	require.NoError(t, m.Delete("a/b/c/only.txt"))
	for _, gone := range []string{"a/b/c/only.txt", "a/b/c", "a/b"} {
		_, err := m.Lstat(p(gone))
		assert.ErrorIs(t, err, fs.ErrNotExist, gone)
	}
	assert.Equal(t, []string{"keep.txt"}, names(t, m, "a"), "a non-empty parent stays")

	require.NoError(t, m.Delete("a/keep.txt"))
	_, err := m.Lstat(p("a"))
	assert.ErrorIs(t, err, fs.ErrNotExist)
	require.NoError(t, m.Delete("top.txt"))
	fi, err := m.Stat(m.Root())
	require.NoError(t, err, "the root stays when emptied")
	assert.True(t, fi.IsDir())
	assert.Empty(t, names(t, m, ""))

	// A directory goes with everything below it.
	require.NoError(t, m.WriteFile("x/y/z", []byte("z"), 0o644))
	require.NoError(t, m.WriteFile("x/w", []byte("w"), 0o644))
	require.NoError(t, m.Delete("x/y"))
	assert.Equal(t, []string{"w"}, names(t, m, "x"))

	// Missing paths, and paths through a file, are no error.
	for _, missing := range []string{"nope", "x/nope", "nope/deeper", "x/w/below"} {
		assert.NoError(t, m.Delete(missing), missing)
	}
	assert.Equal(t, []string{"x"}, names(t, m, ""))

	// A link is deleted, not its target; a path through one is not followed.
	require.NoError(t, m.Symlink("x", "lx"))
	require.NoError(t, m.Delete("lx/w"))
	assert.Equal(t, []string{"w"}, names(t, m, "x"))
	require.NoError(t, m.Delete("lx"))
	assert.Equal(t, []string{"x"}, names(t, m, ""))
}

func TestMemInvalidPaths(t *testing.T) {
	m := newMem(t)
	for _, bad := range []string{"", ".", "..", "../x", "/abs", "a//b", "a/", "a/./b", "a/../b", "a\x00b"} {
		assert.False(t, vfs.ValidRel(bad), "ValidRel %q", bad)
		assert.Error(t, m.WriteFile(bad, []byte("x"), 0o644), "WriteFile %q", bad)
		assert.Error(t, m.Symlink("x", bad), "Symlink %q", bad)
		assert.Error(t, m.Mkdir(bad), "Mkdir %q", bad)
		assert.Error(t, m.Delete(bad), "Delete %q", bad)
	}
	assert.Empty(t, names(t, m, ""), "nothing was written")
}

// A git tree's names are bytes: not UTF-8, or holding a newline, a tab
// or a backslash, they are names like any other.
func TestMemOddNames(t *testing.T) {
	m := newMem(t)
	odd := []string{"b\xff.py", "d\xfe/x.txt", "new\nline.py", "tab\tx", "back\\slash", " lead"}
	for _, name := range odd {
		assert.True(t, vfs.ValidRel(name), "ValidRel %q", name)
		require.NoError(t, m.WriteFile(name, []byte(name), 0o644), "WriteFile %q", name)
		data, err := m.ReadFile(at(m.Root(), name))
		require.NoError(t, err)
		assert.Equal(t, name, string(data))
	}
	assert.Equal(t, []string{" lead", "back\\slash", "b\xff.py", "d\xfe", "new\nline.py", "tab\tx"}, names(t, m, ""))
	for _, name := range odd {
		require.NoError(t, m.Delete(name), "Delete %q", name)
	}
	assert.Empty(t, names(t, m, ""))
}

func TestMemSHA256(t *testing.T) {
	m := newMem(t)
	p := func(rel string) string { return at(m.Root(), rel) }
	require.NoError(t, m.WriteFile("d/f", []byte("version one"), 0o644))
	require.NoError(t, m.Symlink("d/f", "l"))

	sum, ok := m.SHA256(p("d/f"))
	assert.True(t, ok)
	assert.Equal(t, sha256.Sum256([]byte("version one")), sum)
	sum, ok = m.SHA256(p("d/f"))
	assert.True(t, ok, "memoised")
	assert.Equal(t, sha256.Sum256([]byte("version one")), sum)
	sum, ok = m.SHA256(p("l"))
	assert.True(t, ok, "through a link")
	assert.Equal(t, sha256.Sum256([]byte("version one")), sum)

	require.NoError(t, m.WriteFile("d/f", []byte("version two"), 0o644))
	sum, ok = m.SHA256(p("d/f"))
	assert.True(t, ok)
	assert.Equal(t, sha256.Sum256([]byte("version two")), sum, "a new version is hashed anew")
	sum, ok = m.SHA256(p("l"))
	assert.True(t, ok)
	assert.Equal(t, sha256.Sum256([]byte("version two")), sum)

	require.NoError(t, m.WriteFile("empty", nil, 0o644))
	sum, ok = m.SHA256(p("empty"))
	assert.True(t, ok)
	assert.Equal(t, sha256.Sum256(nil), sum)

	out := outside(t)
	require.NoError(t, m.Symlink(out+"/real.txt", "out"))
	require.NoError(t, m.Symlink("gone", "dangling"))
	for _, notFile := range []string{"", "d", "missing", "d/f/x", "dangling", "out"} {
		_, ok := m.SHA256(p(notFile))
		assert.False(t, ok, "SHA256 %q", notFile)
	}
	_, ok = m.SHA256(filepath.Join(out, "real.txt"))
	assert.False(t, ok, "a file outside the root is not the tree's")

	var h vfs.Hasher = m
	_, ok = h.SHA256(p("d/f"))
	assert.True(t, ok)
}

func TestMemConcurrentReads(t *testing.T) {
	m := newMem(t)
	const files = 20
	want := map[string][]byte{}
	for i := range files {
		rel := fmt.Sprintf("d%d/f%d.txt", i%4, i)
		data := []byte(strings.Repeat(fmt.Sprintf("file %d\n", i), 100+i))
		want[rel] = data
		require.NoError(t, m.WriteFile(rel, data, 0o644))
		require.NoError(t, m.Symlink("../"+rel, fmt.Sprintf("links/l%d", i)))
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for round := range 5 {
				for i := range files {
					i := (i + g + round) % files
					rel := fmt.Sprintf("d%d/f%d.txt", i%4, i)
					name := at(m.Root(), rel)
					if g%2 == 1 {
						name = at(m.Root(), fmt.Sprintf("links/l%d", i))
					}
					data, err := m.ReadFile(name)
					assert.NoError(t, err)
					assert.Equal(t, want[rel], data)
					sum, ok := m.SHA256(name)
					assert.True(t, ok)
					assert.Equal(t, sha256.Sum256(want[rel]), sum)
					fi, err := m.Stat(name)
					if assert.NoError(t, err) {
						assert.Equal(t, int64(len(want[rel])), fi.Size())
					}
					_, err = m.ReadDir(at(m.Root(), fmt.Sprintf("d%d", i%4)))
					assert.NoError(t, err)
					_, err = m.EvalSymlinks(name)
					assert.NoError(t, err)
				}
			}
		})
	}
	wg.Wait()
}

// A grafted tree reads as the original, and changes to either tree after
// the graft leave the other as it was.
func TestMemGraft(t *testing.T) {
	from, err := vfs.NewMem(filepath.Join(t.TempDir(), "from"))
	require.NoError(t, err)
	require.NoError(t, from.WriteFile("a.py", []byte("a"), 0o644))
	require.NoError(t, from.WriteFile("pkg/b.py", []byte("b"), 0o755))
	require.NoError(t, from.Symlink("a.py", "link.py"))
	to, err := vfs.NewMem(filepath.Join(t.TempDir(), "to"))
	require.NoError(t, err)
	require.NoError(t, to.WriteFile("0", []byte("in the way"), 0o644))
	require.NoError(t, to.Graft("0", from))

	at := func(m *vfs.Mem, rel string) string {
		b, err := m.ReadFile(filepath.Join(m.Root(), filepath.FromSlash(rel)))
		if err != nil {
			return "missing"
		}
		return string(b)
	}
	assert.Equal(t, "a", at(to, "0/a.py"))
	assert.Equal(t, "b", at(to, "0/pkg/b.py"))
	assert.Equal(t, "a", at(to, "0/link.py"))
	info, err := to.Stat(filepath.Join(to.Root(), "0", "pkg", "b.py"))
	require.NoError(t, err)
	assert.Equal(t, fs.FileMode(0o755), info.Mode())

	require.NoError(t, from.WriteFile("pkg/b.py", []byte("b2"), 0o644))
	require.NoError(t, from.Delete("a.py"))
	require.NoError(t, to.WriteFile("0/pkg/c.py", []byte("c"), 0o644))
	assert.Equal(t, "b", at(to, "0/pkg/b.py"))
	assert.Equal(t, "a", at(to, "0/a.py"))
	assert.Equal(t, "missing", at(from, "pkg/c.py"))
	assert.Equal(t, "b2", at(from, "pkg/b.py"))
}

// A clone reads as the original at its own root, and changes to either
// leave the other as it was.
func TestMemCloneAt(t *testing.T) {
	orig, err := vfs.NewMem(filepath.Join(t.TempDir(), "orig"))
	require.NoError(t, err)
	require.NoError(t, orig.WriteFile("pkg/a.py", []byte("a"), 0o644))
	root := filepath.Join(t.TempDir(), "clone")
	clone, err := orig.CloneAt(root)
	require.NoError(t, err)
	assert.Equal(t, root, clone.Root())
	b, err := clone.ReadFile(filepath.Join(root, "pkg", "a.py"))
	require.NoError(t, err)
	assert.Equal(t, "a", string(b))
	require.NoError(t, orig.WriteFile("pkg/a.py", []byte("a2"), 0o644))
	require.NoError(t, clone.Delete("pkg/a.py"))
	_, err = clone.ReadFile(filepath.Join(root, "pkg", "a.py"))
	assert.ErrorIs(t, err, fs.ErrNotExist)
	b, err = orig.ReadFile(filepath.Join(orig.Root(), "pkg", "a.py"))
	require.NoError(t, err)
	assert.Equal(t, "a2", string(b))
}

// Stage writes the tree's files into a directory of its own, never into
// the root: a root that exists on disk keeps every file it held (even one
// at a path the tree also has), and only what Stage created is removed.
// Stages of one tree may overlap; a file the operating system serves is
// read where it is, and a failed stage leaves nothing behind.
func TestMemStage(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	root := filepath.Join(t.TempDir(), "tree")
	require.NoError(t, os.MkdirAll(filepath.Join(root, "pkg"), 0o755))
	onDisk := map[string]string{"pkg/a.py": "disk a\n", "keep.txt": "keep\n"}
	for rel, text := range onDisk {
		require.NoError(t, os.WriteFile(filepath.Join(root, rel), []byte(text), 0o644))
	}
	outside := filepath.Join(t.TempDir(), "outside.py")
	require.NoError(t, os.WriteFile(outside, []byte("o = 1\n"), 0o644))

	mem, err := vfs.NewMem(root)
	require.NoError(t, err)
	require.NoError(t, mem.WriteFile("pkg/a.py", []byte("a = 1\n"), 0o644))
	require.NoError(t, mem.WriteFile("b.py", []byte("b = 1\n"), 0o644))
	a, b := filepath.Join(root, "pkg", "a.py"), filepath.Join(root, "b.py")

	firstPaths, first, err := mem.Stage([]string{a})
	require.NoError(t, err)
	secondPaths, second, err := mem.Stage([]string{a, b, outside, a})
	require.NoError(t, err)
	require.Len(t, firstPaths, 1)
	require.Len(t, secondPaths, 4)
	assert.Equal(t, outside, secondPaths[2], "a file of the operating system is read where it is")
	assert.Equal(t, secondPaths[0], secondPaths[3], "a name given twice is written once")
	assert.NotEqual(t, firstPaths[0], secondPaths[0], "each stage has its own copy")
	for _, c := range []struct{ path, rel, text string }{
		{firstPaths[0], "pkg/a.py", "a = 1\n"},
		{secondPaths[0], "pkg/a.py", "a = 1\n"},
		{secondPaths[1], "b.py", "b = 1\n"},
	} {
		assert.True(t, strings.HasPrefix(c.path, tmp+string(filepath.Separator)), "%s is staged in a directory of its own", c.path)
		assert.True(t, strings.HasSuffix(c.path, string(filepath.Separator)+filepath.FromSlash(c.rel)), "%s keeps the path below the root, %s", c.path, c.rel)
		got, err := os.ReadFile(c.path)
		require.NoError(t, err)
		assert.Equal(t, c.text, string(got))
	}
	require.NoError(t, first())
	require.NoError(t, first(), "cleaning up twice is harmless")
	assert.NoFileExists(t, firstPaths[0])
	assert.FileExists(t, secondPaths[0], "the second stage still holds its files")
	require.NoError(t, second())
	assert.NoFileExists(t, secondPaths[1])

	_, _, err = mem.Stage([]string{b, filepath.Join(root, "missing.py")})
	assert.ErrorContains(t, err, "missing.py")
	left, err := os.ReadDir(tmp)
	require.NoError(t, err)
	assert.Empty(t, left, "every stage, failed or not, removes what it created")
	for rel, text := range onDisk {
		got, err := os.ReadFile(filepath.Join(root, rel))
		require.NoError(t, err, "%s survives", rel)
		assert.Equal(t, text, string(got), "%s is unchanged", rel)
	}
	entries, err := os.ReadDir(root)
	require.NoError(t, err)
	assert.Len(t, entries, 2, "nothing is written into the root (keep.txt and pkg only)")
	outText, err := os.ReadFile(outside)
	require.NoError(t, err)
	assert.Equal(t, "o = 1\n", string(outText))
}

// StageIn names where Stage makes its directory, and a clone keeps it.
func TestMemStageIn(t *testing.T) {
	scratch := t.TempDir()
	mem, err := vfs.NewMem(filepath.Join(t.TempDir(), "tree"))
	require.NoError(t, err)
	require.NoError(t, mem.WriteFile("a.py", []byte("a = 1\n"), 0o644))
	mem.StageIn(scratch)
	clone, err := mem.CloneAt(filepath.Join(t.TempDir(), "clone"))
	require.NoError(t, err)
	for _, m := range []*vfs.Mem{mem, clone} {
		paths, cleanup, err := m.Stage([]string{filepath.Join(m.Root(), "a.py")})
		require.NoError(t, err)
		require.Len(t, paths, 1)
		assert.True(t, strings.HasPrefix(paths[0], scratch+string(filepath.Separator)), "%s is staged in %s", paths[0], scratch)
		require.NoError(t, cleanup())
		left, err := os.ReadDir(scratch)
		require.NoError(t, err)
		assert.Empty(t, left)
	}
}

// A link of a grafted tree leads nowhere out of it, as in the tree it
// was copied from: not to a sibling graft, not to a path of the tree it
// is grafted into, not to an absolute path.
func TestMemGraftLinksStayInside(t *testing.T) {
	from, err := vfs.NewMem(filepath.Join(t.TempDir(), "from"))
	require.NoError(t, err)
	require.NoError(t, from.WriteFile("a.py", []byte("a"), 0o644))
	require.NoError(t, from.Symlink("../../x.py", "sub/up.py"))
	require.NoError(t, from.Symlink("../1/b.py", "sibling.py"))
	require.NoError(t, from.Symlink("../a.py", "sub/in.py"))
	to, err := vfs.NewMem(filepath.Join(t.TempDir(), "to"))
	require.NoError(t, err)
	require.NoError(t, to.WriteFile("x.py", []byte("x"), 0o644))
	require.NoError(t, to.WriteFile("1/b.py", []byte("b"), 0o644))
	require.NoError(t, to.Graft("0", from))
	require.NoError(t, to.Symlink(filepath.Join(to.Root(), "1", "b.py"), "0/abs.py"))

	at := func(rel string) string { return filepath.Join(to.Root(), filepath.FromSlash(rel)) }
	for _, rel := range []string{"0/sub/up.py", "0/sibling.py", "0/abs.py"} {
		_, err := to.ReadFile(at(rel))
		assert.ErrorIs(t, err, vfs.ErrOutside, rel)
		_, err = to.Stat(at(rel))
		assert.ErrorIs(t, err, vfs.ErrOutside, rel)
	}
	real, err := to.EvalSymlinks(at("0/sub/up.py"))
	require.NoError(t, err)
	assert.Equal(t, at("x.py"), real, "the path the link names, not looked up")
	real, err = to.EvalSymlinks(at("0/sibling.py"))
	require.NoError(t, err)
	assert.Equal(t, at("1/b.py"), real)
	b, err := to.ReadFile(at("0/sub/in.py"))
	require.NoError(t, err)
	assert.Equal(t, "a", string(b), "a link inside the graft is followed")
	real, err = to.EvalSymlinks(at("0/sub/in.py"))
	require.NoError(t, err)
	assert.Equal(t, at("0/a.py"), real)
}
