package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/scbcheck/scbcheck/internal/safefile"
)

// layout names the directory the packs of this format live in; a new
// format gets a new name, so old and new entries never meet (the
// directories of older formats are left alone: an older scb-check may
// still use them). v3 added a checksum to every entry of a pack.
const layout = "v3"

// ErrDamaged is wrapped by Get's error when an entry's bytes in its pack
// are not what was put (a checksum mismatch, a pack cut short, a record
// of the wrong length or key): the entry is a miss.
var ErrDamaged = errors.New("damaged cache entry")

// Key identifies one entry.
type Key [sha256.Size]byte

// String returns the key in lowercase hex.
func (k Key) String() string { return hex.EncodeToString(k[:]) }

// Hasher builds a Key from parts. Each part is written with its length
// first, so no two different sequences of parts hash alike.
type Hasher struct{ buf []byte }

// Add appends the parts to the key.
func (h *Hasher) Add(parts ...string) *Hasher {
	for _, p := range parts {
		h.buf = binary.AppendUvarint(h.buf, uint64(len(p)))
		h.buf = append(h.buf, p...)
	}
	return h
}

// AddBytes appends one part given as bytes.
func (h *Hasher) AddBytes(p []byte) *Hasher {
	h.buf = binary.AppendUvarint(h.buf, uint64(len(p)))
	h.buf = append(h.buf, p...)
	return h
}

// Key returns the key of the parts added so far.
func (h *Hasher) Key() Key { return sha256.Sum256(h.buf) }

// Dir is an open cache directory. It is safe for concurrent use; Close
// makes what was put visible to other processes and to later Opens.
type Dir struct {
	root string

	mu sync.Mutex
	// index locates every entry known: those of the packs found at Open
	// and those put since.
	index map[Key]loc
	// packs are the open pack files entries are read from.
	packs []*os.File
	// w is the pack being written, nil until the first Put after Open or
	// a flush.
	w *writer
	// closed is set by Close.
	closed bool
	// readOnly, when set, is why the directory could not be made or
	// marked at Open: nothing is written to it, and every Put returns it.
	readOnly error
	// maxBytes bounds the packs' size once Close has trimmed them (see
	// OpenLimit); 0 for no bound.
	maxBytes int64
	// used are the packs a Get read an entry from: Close marks them used
	// now, so that the trim keeps them before the packs left unread.
	used map[*os.File]bool
}

// loc is where an entry's record is: a pack and a span of it.
type loc struct {
	pack   *os.File
	off    int64
	length uint32
}

// writer is a pack being written: its file (named *.tmp until flushed)
// and the index of what it holds.
type writer struct {
	f       *os.File
	size    int64
	entries map[Key]loc
}

// tag marks the directory for backup tools, as https://bford.info/cachedir/
// describes; its first line is fixed by that convention.
const tag = "Signature: 8a477f597d28d172789f06886806bc55\n" +
	"# This directory is a cache made by scb-check; it can be deleted at any time.\n"

// Limits of one pack: past them the pack is closed and a new one begun,
// so that a long run makes its work visible as it goes.
const (
	maxPackEntries = 8192
	maxPackBytes   = 256 << 20
)

// maxEntryBytes bounds one entry, so that its record's length fits the
// index's 4 bytes.
const maxEntryBytes = 1<<32 - 1 - recordOverhead

// maxPacks is the number of packs past which Open merges them into one.
const maxPacks = 32

// staleAfter is the age past which a file of a pack left unfinished
// (its writer was killed) is removed: a writer at work keeps its files
// younger than that.
const staleAfter = 24 * time.Hour

// Open opens the cache directory at path with no bound on its size: see
// OpenLimit.
func Open(path string) (*Dir, error) { return OpenLimit(path, 0) }

// OpenLimit opens the cache directory at path, creating it (and a CACHEDIR.TAG
// in it) when it does not exist, and reads the index of every pack in it.
// An unreadable or damaged pack is passed over: its entries are misses.
// A path that cannot be a directory (a file, or below one) is an error;
// a directory that cannot be created or marked with its CACHEDIR.TAG (a
// full disk, no permission) is not: it is opened read-only, and every Put
// returns why, so that a failure to write the cache costs only its
// entries.
//
// A positive maxBytes bounds the directory: when Close finds the packs
// of this format (their pack and index files) larger than maxBytes, it
// removes the packs used least recently until they fit. A pack is used
// when it is written, and when a Get reads an entry from it (Close then
// sets its modification time to the present); a merge of packs gives its
// pack the latest time of those it merged. maxBytes of 0 or less bounds
// nothing.
func OpenLimit(path string, maxBytes int64) (*Dir, error) {
	if path == "" {
		return nil, errors.New("cache: no directory given")
	}
	info, err := os.Stat(path)
	switch {
	case err == nil && !info.IsDir():
		return nil, fmt.Errorf("cache: %s is not a directory", path)
	case errors.Is(err, syscall.ENOTDIR):
		return nil, fmt.Errorf("cache: failed to create %s: %w", path, err)
	}
	d := &Dir{root: path, index: map[Key]loc{}, maxBytes: max(maxBytes, 0), used: map[*os.File]bool{}}
	if err := os.MkdirAll(filepath.Join(path, layout), 0o755); err != nil {
		d.readOnly = fmt.Errorf("cache: failed to create %s: %w", path, err)
		return d, nil
	}
	tagPath := filepath.Join(path, "CACHEDIR.TAG")
	if _, err := os.Stat(tagPath); errors.Is(err, fs.ErrNotExist) {
		// No pack is written into a directory backup tools are not told
		// to skip.
		if err := safefile.WriteFile(tagPath, []byte(tag), 0o644); err != nil {
			// err names the file.
			d.readOnly = fmt.Errorf("cache: %w", err)
		}
	}
	names, err := d.packNames()
	if err != nil {
		return nil, err
	}
	for _, name := range names {
		d.load(name)
	}
	if len(d.packs) > maxPacks && d.readOnly == nil {
		d.merge()
	}
	return d, nil
}

// Path returns the directory as given to Open.
func (d *Dir) Path() string { return d.root }

// packNames lists the finished packs (those with an index) in name
// order, which is the order they were begun in, and removes the stale
// files of unfinished ones (see unfinished).
func (d *Dir) packNames() ([]string, error) {
	dir := filepath.Join(d.root, layout)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	var names []string
	indexed := map[string]bool{}
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".idx"); ok {
			names = append(names, name)
			indexed[name] = true
		}
	}
	for _, e := range entries {
		if !unfinished(e.Name(), indexed) || !e.Type().IsRegular() {
			continue
		}
		if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > staleAfter && d.readOnly == nil {
			_ = os.Remove(filepath.Join(dir, e.Name()))
		}
	}
	return names, nil
}

// unfinished reports whether name is a file of a pack whose writer did
// not finish it: a pack still being written (pack-*.tmp), one renamed
// but left without its index (a pack-*.pack of no name in indexed), or
// an index's temporary file (.pack-*.idx.tmp-*).
func unfinished(name string, indexed map[string]bool) bool {
	if base, ok := strings.CutSuffix(name, ".pack"); ok {
		return strings.HasPrefix(base, "pack-") && !indexed[base]
	}
	return (strings.HasPrefix(name, "pack-") && strings.HasSuffix(name, ".tmp")) ||
		(strings.HasPrefix(name, ".pack-") && strings.Contains(name, ".idx.tmp-"))
}

// load reads the index of the pack name and opens the pack.
func (d *Dir) load(name string) {
	base := filepath.Join(d.root, layout, name)
	fi, _, err := openRegular(base + ".idx")
	if err != nil {
		return
	}
	idx, err := io.ReadAll(io.LimitReader(fi, maxIndexBytes+1))
	fi.Close()
	if err != nil || int64(len(idx)) > maxIndexBytes {
		return
	}
	entries, ok := decodeIndex(idx)
	if !ok {
		return
	}
	f, info, err := openRegular(base + ".pack")
	if err != nil {
		return
	}
	d.packs = append(d.packs, f)
	for _, e := range entries {
		if e.off+int64(e.length) <= info.Size() {
			d.index[e.key] = loc{pack: f, off: e.off, length: e.length}
		}
	}
}

// maxIndexBytes is the size of the largest index a pack can have.
const maxIndexBytes int64 = int64(len(indexMagic)) + maxPackEntries*(sha256.Size+8+4) + sha256.Size

// openRegular opens name for reading when it is a regular file: without
// blocking on a named pipe, so that a pipe, a device or a directory put
// in the cache's place is an error, not a hang or an endless read.
func openRegular(name string) (*os.File, fs.FileInfo, error) {
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err == nil && !info.Mode().IsRegular() {
		err = fmt.Errorf("cache: %s is not a regular file", name)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, info, nil
}

// merge writes every entry of the packs read into one new pack and
// removes the old ones, so that the packs stay few. Another process
// reading an old pack keeps reading it (it is only unlinked); one
// opening meanwhile may miss some entries, which costs their work.
func (d *Dir) merge() {
	old := d.packs
	var latest time.Time
	for _, f := range old {
		if info, err := f.Stat(); err == nil && info.ModTime().After(latest) {
			latest = info.ModTime()
		}
	}
	keys := make([]Key, 0, len(d.index))
	for k := range d.index {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b Key) int { return bytes.Compare(a[:], b[:]) })
	for _, k := range keys {
		b, ok, err := d.Get(k)
		if err != nil || !ok {
			continue
		}
		if err := d.Put(k, b); err != nil {
			return
		}
	}
	if err := d.Flush(); err != nil {
		return
	}
	// The merged pack was used when the latest of its packs was, not now:
	// a bounded cache keeps it no longer than that pack.
	for _, f := range d.packs[len(old):] {
		_ = os.Chtimes(packPath(f), latest, latest)
	}
	for _, f := range old {
		base := strings.TrimSuffix(f.Name(), ".pack")
		_ = os.Remove(base + ".idx")
		_ = os.Remove(f.Name())
	}
}

// Get returns the entry filed under k. A missing entry is (nil, false,
// nil); a damaged one is (nil, false, an error wrapping ErrDamaged); any
// other failure to read one is returned, and the caller may treat it as
// a miss.
func (d *Dir) Get(k Key) ([]byte, bool, error) {
	d.mu.Lock()
	l, ok := d.index[k]
	if ok {
		d.used[l.pack] = true
	}
	d.mu.Unlock()
	if !ok {
		return nil, false, nil
	}
	b := make([]byte, l.length)
	if _, err := l.pack.ReadAt(b, l.off); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, false, fmt.Errorf("%w %s: %s is cut short", ErrDamaged, k, filepath.Base(l.pack.Name()))
		}
		return nil, false, fmt.Errorf("cache: %w", err)
	}
	data, err := decodeRecord(k, b)
	if err != nil {
		return nil, false, fmt.Errorf("%w %s in %s: %s", ErrDamaged, k, filepath.Base(l.pack.Name()), err)
	}
	return data, true, nil
}

// recordOverhead is what a pack record holds beside the entry's bytes:
// the key, the length and the checksum.
const recordOverhead = sha256.Size + 4 + sha256.Size

// encodeRecord is how an entry is written in a pack: its key, the length
// of data (4 bytes, big endian), data, then the SHA-256 of all that, so
// that a changed byte, a record cut short or one read at the wrong place
// is never taken for an entry.
func encodeRecord(k Key, data []byte) []byte {
	b := make([]byte, 0, recordOverhead+len(data))
	b = append(b, k[:]...)
	b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
	b = append(b, data...)
	sum := sha256.Sum256(b)
	return append(b, sum[:]...)
}

// decodeRecord returns the entry's bytes of the record b read for k.
func decodeRecord(k Key, b []byte) ([]byte, error) {
	if len(b) < recordOverhead {
		return nil, fmt.Errorf("a record of %d bytes, shorter than its header", len(b))
	}
	body, sum := b[:len(b)-sha256.Size], b[len(b)-sha256.Size:]
	if want := sha256.Sum256(body); !bytes.Equal(want[:], sum) {
		return nil, errors.New("checksum mismatch")
	}
	// The checksum holds: a wrong key or length is a record written for
	// another entry, which the index misplaces.
	if !bytes.Equal(body[:sha256.Size], k[:]) {
		return nil, errors.New("the record is another key's")
	}
	if n := binary.BigEndian.Uint32(body[sha256.Size:]); int(n) != len(body)-sha256.Size-4 {
		return nil, fmt.Errorf("a record of %d bytes holding a length of %d", len(b), n)
	}
	return body[sha256.Size+4:], nil
}

// Put files data under k, replacing any entry there. The entry is read
// back by this Dir at once, and by others once the pack holding it is
// finished (Flush, Close, or a full pack).
func (d *Dir) Put(k Key, data []byte) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return errors.New("cache: put after Close")
	}
	if d.readOnly != nil {
		return d.readOnly
	}
	if d.w == nil {
		// Named by the time first: Open reads packs in name order, and a
		// later pack's entry (written again after a damaged one) wins.
		f, err := os.CreateTemp(filepath.Join(d.root, layout), fmt.Sprintf("pack-%020d-*.tmp", time.Now().UnixNano()))
		if err != nil {
			return fmt.Errorf("cache: %w", err)
		}
		d.w = &writer{f: f, entries: map[Key]loc{}}
		d.packs = append(d.packs, f)
	}
	w := d.w
	if uint64(len(data)) > maxEntryBytes {
		return fmt.Errorf("cache: an entry of %d bytes is larger than %d", len(data), maxEntryBytes)
	}
	rec := encodeRecord(k, data)
	// At the pack's size, not the file offset: a failed, partial write
	// (a full disk) is then overwritten by the next record instead of
	// shifting every later entry's offset.
	if _, err := w.f.WriteAt(rec, w.size); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	l := loc{pack: w.f, off: w.size, length: uint32(len(rec))}
	w.size += int64(len(rec))
	w.entries[k] = l
	d.index[k] = l
	if len(w.entries) >= maxPackEntries || w.size >= maxPackBytes {
		return d.flushLocked()
	}
	return nil
}

// Flush finishes the pack being written, if any: its entries become
// visible to other processes and to later Opens.
func (d *Dir) Flush() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.flushLocked()
}

func (d *Dir) flushLocked() error {
	w := d.w
	if w == nil {
		return nil
	}
	d.w = nil
	tmp := w.f.Name()
	if len(w.entries) == 0 {
		// Every Put failed (a full disk), each saying so: no pack.
		_ = os.Remove(tmp)
		return nil
	}
	base := strings.TrimSuffix(tmp, ".tmp")
	// A record cut short after the last entry (a full disk) is not kept.
	_ = w.f.Truncate(w.size)
	// The pack is renamed first and its index written last: a pack is
	// read only once its index exists. The open file keeps serving
	// reads under its new name. A pack that fails to get its index is
	// removed: it would never be read.
	if err := os.Rename(tmp, base+".pack"); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("cache: a pack of %d entries was not kept: %w", len(w.entries), err)
	}
	if err := safefile.WriteFile(base+".idx", encodeIndex(w.entries), 0o644); err != nil {
		_ = os.Remove(base + ".pack")
		return fmt.Errorf("cache: a pack of %d entries was not kept: %w", len(w.entries), err)
	}
	return nil
}

// Close finishes the pack being written, trims a bounded directory (see
// OpenLimit) and closes the packs; the Dir must not be used after.
func (d *Dir) Close() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return nil
	}
	err := d.flushLocked()
	if d.maxBytes > 0 && d.readOnly == nil {
		now := time.Now()
		for f := range d.used {
			_ = os.Chtimes(packPath(f), now, now)
		}
		d.trim()
	}
	for _, f := range d.packs {
		_ = f.Close()
	}
	d.packs, d.index, d.closed = nil, map[Key]loc{}, true
	return err
}

// packPath is where the pack open as f is now: a pack written by this
// Dir was renamed from its temporary name when finished.
func packPath(f *os.File) string {
	if base, ok := strings.CutSuffix(f.Name(), ".tmp"); ok {
		return base + ".pack"
	}
	return f.Name()
}

// trim removes the finished packs of the directory used least recently
// (by their pack file's modification time, then their name: the order
// they were begun in) until their files total at most maxBytes. A pack
// another process is reading stays readable to it (it is only unlinked);
// its index goes first, so that no Open finds an index without its pack.
// Packs being written are not counted: their writer's Close trims them.
func (d *Dir) trim() {
	dir := filepath.Join(d.root, layout)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type pack struct {
		base string
		size int64
		used time.Time
	}
	var packs []pack
	var total int64
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".idx")
		if !ok {
			continue
		}
		base := filepath.Join(dir, name)
		idx, err1 := os.Lstat(base + ".idx")
		p, err2 := os.Lstat(base + ".pack")
		if err1 != nil || err2 != nil {
			continue
		}
		packs = append(packs, pack{base, idx.Size() + p.Size(), p.ModTime()})
		total += idx.Size() + p.Size()
	}
	slices.SortFunc(packs, func(a, b pack) int {
		if c := a.used.Compare(b.used); c != 0 {
			return c
		}
		return strings.Compare(a.base, b.base)
	})
	for _, p := range packs {
		if total <= d.maxBytes {
			return
		}
		if os.Remove(p.base+".idx") == nil {
			_ = os.Remove(p.base + ".pack")
			total -= p.size
		}
	}
}

// indexMagic starts an index file; a checksum of everything before it
// ends it.
const indexMagic = "scbcheck-cache-index-3\n"

// indexEntry is one entry of an index: a key and its record's span in
// the pack.
type indexEntry struct {
	key    Key
	off    int64
	length uint32
}

// encodeIndex writes the entries, sorted by key, as the magic, then per
// entry the key, the offset (8 bytes) and the length (4 bytes), big
// endian, then the SHA-256 of all that.
func encodeIndex(entries map[Key]loc) []byte {
	keys := make([]Key, 0, len(entries))
	for k := range entries {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b Key) int { return bytes.Compare(a[:], b[:]) })
	b := []byte(indexMagic)
	for _, k := range keys {
		b = append(b, k[:]...)
		b = binary.BigEndian.AppendUint64(b, uint64(entries[k].off))
		b = binary.BigEndian.AppendUint32(b, entries[k].length)
	}
	sum := sha256.Sum256(b)
	return append(b, sum[:]...)
}

// decodeIndex reads an index; ok is false when it is damaged.
func decodeIndex(b []byte) ([]indexEntry, bool) {
	const record = sha256.Size + 8 + 4
	if len(b) < len(indexMagic)+sha256.Size || string(b[:len(indexMagic)]) != indexMagic {
		return nil, false
	}
	body, sum := b[:len(b)-sha256.Size], b[len(b)-sha256.Size:]
	if want := sha256.Sum256(body); !bytes.Equal(want[:], sum) {
		return nil, false
	}
	body = body[len(indexMagic):]
	if len(body)%record != 0 {
		return nil, false
	}
	out := make([]indexEntry, 0, len(body)/record)
	for ; len(body) > 0; body = body[record:] {
		var e indexEntry
		copy(e.key[:], body)
		e.off = int64(binary.BigEndian.Uint64(body[sha256.Size:]))
		e.length = binary.BigEndian.Uint32(body[sha256.Size+8:])
		out = append(out, e)
	}
	return out, true
}
