package cache

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// layout names the directory the entries of this format live in; a new
// format gets a new name, so old and new entries never meet.
const layout = "v1"

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

// Dir is a cache directory.
type Dir struct {
	root string
	// shards are the entry directories known to exist.
	shards sync.Map
}

// tag marks the directory for backup tools, as https://bford.info/cachedir/
// describes; its first line is fixed by that convention.
const tag = "Signature: 8a477f597d28d172789f06886806bc55\n" +
	"# This directory is a cache made by scb-check; it can be deleted at any time.\n"

// Open opens the cache directory at path, creating it (and a CACHEDIR.TAG
// in it) when it does not exist.
func Open(path string) (*Dir, error) {
	if path == "" {
		return nil, errors.New("cache: no directory given")
	}
	if info, err := os.Stat(path); err == nil && !info.IsDir() {
		return nil, fmt.Errorf("cache: %s is not a directory", path)
	}
	if err := os.MkdirAll(filepath.Join(path, layout), 0o755); err != nil {
		return nil, fmt.Errorf("cache: failed to create %s: %w", path, err)
	}
	tagPath := filepath.Join(path, "CACHEDIR.TAG")
	if _, err := os.Stat(tagPath); errors.Is(err, fs.ErrNotExist) {
		if err := writeAtomic(tagPath, []byte(tag)); err != nil {
			return nil, fmt.Errorf("cache: failed to write %s: %w", tagPath, err)
		}
	}
	return &Dir{root: path}, nil
}

// Path returns the directory as given to Open.
func (d *Dir) Path() string { return d.root }

func (d *Dir) file(k Key) string {
	s := k.String()
	return filepath.Join(d.root, layout, s[:2], s[2:])
}

// Get returns the entry filed under k. A missing entry is (nil, false,
// nil); any other failure to read one is returned, and the caller may
// treat it as a miss.
func (d *Dir) Get(k Key) ([]byte, bool, error) {
	b, err := os.ReadFile(d.file(k))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("cache: %w", err)
	}
	return b, true, nil
}

// Put files data under k, replacing any entry there.
func (d *Dir) Put(k Key, data []byte) error {
	name := d.file(k)
	if shard := filepath.Dir(name); !d.isShard(shard) {
		if err := os.MkdirAll(shard, 0o755); err != nil {
			return fmt.Errorf("cache: %w", err)
		}
		d.shards.Store(shard, true)
	}
	if err := writeAtomic(name, data); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	return nil
}

func (d *Dir) isShard(dir string) bool {
	_, ok := d.shards.Load(dir)
	return ok
}

// writeAtomic writes data to a temporary file beside name and renames it
// to name, so that readers never see a partial file.
func writeAtomic(name string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), ".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, name); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
