package rules

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/scbcheck/scbcheck/vfs"
)

// CatalogOptions says where the rules of a catalog come from.
type CatalogOptions struct {
	// Replace lists rule files and directories whose rules replace the
	// bundled catalog. A directory contributes every *.yml and *.yaml file
	// below it (hidden files and directories left out), in path order; a
	// file is read whatever its name. When Replace is empty the bundled
	// rules are the catalog.
	Replace []string
	// Extra lists rule files added to the catalog, bundled or replaced.
	Extra []string
	// MaxFileSize caps each rule file, in bytes; no cap when not positive
	// (a resolved limit, see vfs.MaxRead). Every rule file must be a
	// regular file (a link to one counts) of at most that size.
	MaxFileSize int64
}

// Load builds the catalog of a run: the bundled rules, or the rules of the
// Replace paths instead, then the rules of the Extra files. Every problem is
// collected and returned together: paths that cannot be read, documents
// that are not valid rules (named by file, document number and line), and
// ids used twice in the catalog or equal to a structural rule's id. A
// catalog without any rule (an empty directory, an empty file) is not an
// error.
//
// The catalog's FilesHash identifies the files loaded by content, wherever
// they lie and in whatever order they were given: the hex SHA-256 of the
// lines (each ending in "\n") that hold the hex SHA-256 of each file,
// sorted. For the files a.yml and b.yml it is what
// `sha256sum a.yml b.yml | cut -c1-64 | sort | sha256sum` prints.
func Load(opt CatalogOptions) (*Catalog, error) {
	var errs []error
	cat := &Catalog{}
	var digests []string
	if len(opt.Replace) == 0 {
		cat.Bundled = true
		rules, berrs := bundledRules()
		cat.Rules = rules
		errs = append(errs, berrs...)
	} else {
		files, ferrs := expandCatalogPaths(opt.Replace)
		errs = append(errs, ferrs...)
		for _, file := range files {
			rules, digest, ferrs := loadRuleFile(file, opt.maxFileSize())
			errs = append(errs, ferrs...)
			if digest != "" {
				cat.Rules = append(cat.Rules, rules...)
				cat.CatalogFiles = append(cat.CatalogFiles, file)
				digests = append(digests, digest)
			}
		}
	}
	for _, file := range opt.Extra {
		rules, digest, ferrs := loadRuleFile(file, opt.maxFileSize())
		errs = append(errs, ferrs...)
		if digest != "" {
			cat.Rules = append(cat.Rules, rules...)
			cat.ExtraFiles = append(cat.ExtraFiles, file)
			digests = append(digests, digest)
		}
	}
	errs = append(errs, duplicateIDs(cat.Rules)...)
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	cat.FilesHash = filesHash(digests)
	return cat, nil
}

// maxFileSize is the cap on each rule file, as vfs.ReadRegular takes it.
func (opt CatalogOptions) maxFileSize() int64 { return opt.MaxFileSize }

// loadRuleFile reads and parses one rule file of at most max bytes (no
// cap when 0). The digest is the hex SHA-256 of its content, empty when
// it could not be read.
func loadRuleFile(file string, max int64) (rules []Rule, digest string, errs []error) {
	data, err := vfs.ReadRegular(vfs.OS, file, max)
	if err != nil {
		return nil, "", []error{fmt.Errorf("failed to read ast-grep rule file %s: %w", file, err)}
	}
	sum := sha256.Sum256(data)
	rules, errs = parseRuleFile(file, file, data)
	return rules, hex.EncodeToString(sum[:]), errs
}

// filesHash combines the files' digests, in any order, into one.
func filesHash(digests []string) string {
	sorted := append([]string(nil), digests...)
	sort.Strings(sorted)
	h := sha256.New()
	for _, d := range sorted {
		h.Write([]byte(d + "\n"))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// isRuleFileName reports whether a file found in a catalog directory is a
// rule file: a YAML file by its extension.
func isRuleFileName(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	return ext == ".yml" || ext == ".yaml"
}

// expandCatalogPaths turns catalog paths into rule files: a file as it is,
// a directory as the rule files below it in path order.
func expandCatalogPaths(paths []string) ([]string, []error) {
	var files []string
	var errs []error
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			errs = append(errs, fmt.Errorf("failed to read ast-grep rule catalog %s: %w", p, err))
			continue
		}
		if !info.IsDir() {
			files = append(files, p)
			continue
		}
		root := p
		if l, err := os.Lstat(p); err == nil && l.Mode()&fs.ModeSymlink != 0 {
			// WalkDir does not follow a link given as its root; with a
			// trailing separator the system resolves it.
			root = p + string(filepath.Separator)
		}
		err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				errs = append(errs, fmt.Errorf("failed to read ast-grep rule catalog %s: %w", path, err))
				if d != nil && d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			if path != root && strings.HasPrefix(d.Name(), ".") {
				if d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			if d.IsDir() || !isRuleFileName(d.Name()) {
				return nil
			}
			mode := d.Type()
			if mode&fs.ModeSymlink != 0 {
				// A link is followed to a file, never to a directory.
				target, err := os.Stat(path)
				if err != nil {
					errs = append(errs, fmt.Errorf("failed to read ast-grep rule file %s: %w", path, err))
					return nil
				}
				if target.IsDir() {
					return nil
				}
				mode = target.Mode()
			}
			if !mode.IsRegular() {
				// Named as a rule file, it would silently be left out.
				errs = append(errs, fmt.Errorf("failed to read ast-grep rule file %s: %w", path, &vfs.NotRegularError{Path: path, Mode: mode}))
				return nil
			}
			files = append(files, path)
			return nil
		})
		if err != nil {
			errs = append(errs, fmt.Errorf("failed to read ast-grep rule catalog %s: %w", p, err))
		}
	}
	return files, errs
}

// Name identifies the catalog in reports, so that numbers are compared
// only when they came from the same rules: "bundled:VERSION" for the
// bundled rules alone (version is the scb-check version whose rules they
// are), "bundled:VERSION+sha256:HASH" when extra files were added, and
// "sha256:HASH" for a catalog of files, HASH being FilesHash.
func (c *Catalog) Name(version string) string {
	switch {
	case !c.Bundled:
		return "sha256:" + c.FilesHash
	case len(c.ExtraFiles) > 0:
		return "bundled:" + version + "+sha256:" + c.FilesHash
	}
	return "bundled:" + version
}
