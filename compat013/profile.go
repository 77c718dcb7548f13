package compat013

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"

	"github.com/scbcheck/scbcheck/clones"
	"github.com/scbcheck/scbcheck/config"
	"github.com/scbcheck/scbcheck/internal/engine"
	"github.com/scbcheck/scbcheck/lang"
	"github.com/scbcheck/scbcheck/rules"
	"github.com/scbcheck/scbcheck/source"
	"github.com/scbcheck/scbcheck/vfs"
)

// Engine is scb-check 0.1.3's steps (0.1.3 §N in the docs): its
// discovery (§1), reading (§2: UTF-8 with replacement characters and
// universal newlines), tokenize SLOC (§3; a file tokenize rejects is
// skipped with the reason, where 0.1.3 crashes), function visitor (§4),
// block clone candidates (§7) and trivial wrappers as the only structural
// rule (§8), read from each file's WrapperFacts (the profile's per-file
// slot): no 0.2.0 structural facts; its directives name only its rules
// (§11).
var Engine = &engine.Profile{
	Name:      "0.1.3",
	CacheTag:  "compat 0.1.3",
	Discover:  discover,
	Decode:    func(src []byte) ([]byte, string) { return PyText(src), "" },
	SLOC:      SLOC,
	Functions: VisitorCallables,
	Clones: func(path string, t *source.Tree, _ []source.Callable, sloc source.Lines) []clones.Candidate {
		return BlockCandidates(path, t, sloc)
	},
	FileData: func(t *source.Tree, fns []source.Callable) json.RawMessage {
		// The facts are strings and integers: encoding cannot fail.
		data, _ := json.Marshal(NewWrapperFacts(t, fns))
		return data
	},
	Verbosity: Collect,
	// 0.1.3's directives name the ids of its rules file (the Python
	// rules) and trivial-wrapper, its one structural rule.
	DirectiveIDs: func(cat *rules.Catalog) []string {
		return append(cat.LanguageIDs(lang.Python), rules.TrivialWrapperID)
	},
}

// discover is 0.1.3's discovery (0.1.3 §1): the Python files, no
// ignore file, its pruned names and its exclude patterns; no data files
// (0.1.3 reports no DIR).
func discover(path string, fsys vfs.FS, cfg *config.Config, s *engine.Settings, _ []string) (engine.Discovered, error) {
	var out engine.Discovered
	for _, w := range cfg.Warnings {
		out.Warnings = append(out.Warnings, w.Text())
	}
	files, err := Discover(path, DiscoverOptions{
		BaseDir: cfg.BaseDir, Exclude: excludes(cfg), Lang: lang.Python, MaxFileSize: s.MaxFileSize, FS: fsys,
	})
	if err != nil {
		return engine.Discovered{}, err
	}
	out.Files = files
	return out, nil
}

// excludes are the exclude patterns as 0.1.3 reads them (0.1.3 §1): the
// exclude key's list as written, then the ruff and ty excludes normalised
// its way (an entry ending in ".py" kept as is too, "]" among the glob
// characters), without duplicates, first occurrences kept.
func excludes(cfg *config.Config) []string {
	tool := config.NormalizeExcludesKeeping(cfg.ToolExcludes, func(p string) bool {
		return strings.ContainsAny(p, "*?[]") || strings.HasSuffix(p, ".py")
	})
	var out []string
	seen := map[string]bool{}
	for _, p := range append(slices.Clone(cfg.ExcludeAsWritten), tool...) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// moduleName is the module name of the file at path as scb-check 0.1.3
// gives it (ModuleName): its absolute path climbed while the directory
// holds a packageFile (__init__.py), never above the tree of a bounded
// fsys.
func moduleName(fsys vfs.FS, path, packageFile string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	bounded, _ := fsys.(vfs.Bounded)
	return ModuleName(filepath.ToSlash(abs), packageFile, func(dir string) bool {
		dir = filepath.FromSlash(dir)
		if bounded != nil && !bounded.Holds(dir) {
			return false
		}
		fi, err := fsys.Stat(filepath.Join(dir, packageFile))
		return err == nil && fi.Mode().IsRegular()
	})
}
