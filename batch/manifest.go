package batch

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/scbcheck/scbcheck/trajectory"
	"github.com/scbcheck/scbcheck/vfs"
)

// Entry is one snapshot of a manifest.
type Entry struct {
	// Text is the entry as written, without surrounding white space: the
	// snapshot's key in the output.
	Text string
	// Index is the entry's position among the manifest's entries, from 0
	// (comments and blank lines are not counted).
	Index int
	// Line is the entry's line number in the manifest, from 1.
	Line int
}

// Manifest is a list of snapshots to measure.
type Manifest struct {
	// Name is the manifest as named in messages.
	Name string
	// Base is the directory relative entries are resolved against.
	Base    string
	Entries []Entry
}

// ReadManifest reads the manifest file at path; its relative entries are
// resolved against the manifest's own directory. It must be a regular
// file (a link to one counts) of at most max bytes (no cap when max <= 0);
// standard input ('-') is read with ParseManifest.
func ReadManifest(path string, max int64) (*Manifest, error) {
	data, err := vfs.ReadRegular(vfs.OS, path, max)
	if err != nil {
		return nil, fmt.Errorf("manifest %s: %w", path, err)
	}
	base, err := filepath.Abs(filepath.Dir(path))
	if err != nil {
		return nil, fmt.Errorf("manifest %s: %w", path, err)
	}
	return ParseManifest(bytes.NewReader(data), path, base)
}

// ParseManifest reads a manifest: one entry per line; blank lines and
// lines whose first non-blank character is '#' are ignored, and white
// space around an entry is dropped. Every malformed line is reported, each
// with its line number: an entry that is not valid UTF-8 or holds a NUL
// byte, and an entry listed twice. A manifest without entries is an
// error. name names the manifest in messages; base is the directory
// relative entries are resolved against.
func ParseManifest(r io.Reader, name, base string) (*Manifest, error) {
	m := &Manifest{Name: name, Base: base}
	first := map[string]int{}
	var errs []error
	br := bufio.NewReader(r)
	for n := 1; ; n++ {
		line, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("manifest %s: %w", name, err)
		}
		if line == "" && err == io.EOF {
			break
		}
		text := strings.TrimSpace(line)
		switch {
		case text == "" || strings.HasPrefix(text, "#"):
		case !utf8.ValidString(text):
			errs = append(errs, fmt.Errorf("%s:%d: the entry is not valid UTF-8", name, n))
		case strings.ContainsRune(text, 0):
			errs = append(errs, fmt.Errorf("%s:%d: the entry holds a NUL byte", name, n))
		case first[text] != 0:
			errs = append(errs, fmt.Errorf("%s:%d: %s is listed twice (first on line %d)", name, n, text, first[text]))
		default:
			first[text] = n
			m.Entries = append(m.Entries, Entry{Text: text, Index: len(m.Entries), Line: n})
		}
		if err == io.EOF {
			break
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if len(m.Entries) == 0 {
		return nil, fmt.Errorf("manifest %s lists no snapshot", name)
	}
	return m, nil
}

// snapshot resolves an entry. An entry naming an existing path is that
// file or directory. Otherwise, when the part before an '@' is an existing
// directory, the entry is REPO@REV: the '@' signs are tried from the last
// to the first, so that paths holding '@' and revisions holding '@' (such
// as main@{1}) both work. Anything else is a path that does not exist,
// which the measure reports.
func (m *Manifest) snapshot(e Entry, git string) (trajectory.Snapshot, error) {
	s := trajectory.Snapshot{Label: e.Text, Path: m.abs(e.Text), Git: git}
	if _, err := os.Lstat(s.Path); err == nil {
		return s, nil
	}
	for i := strings.LastIndexByte(e.Text, '@'); i > 0; i = strings.LastIndexByte(e.Text[:i], '@') {
		repo := m.abs(e.Text[:i])
		if info, err := os.Stat(repo); err != nil || !info.IsDir() {
			continue
		}
		if i == len(e.Text)-1 {
			return s, fmt.Errorf("no revision after '@' in %s", e.Text)
		}
		s.Path, s.Rev = repo, e.Text[i+1:]
		return s, nil
	}
	return s, nil
}

// abs resolves a path of the manifest against its base directory.
func (m *Manifest) abs(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(m.Base, filepath.FromSlash(p))
}
