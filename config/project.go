package config

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/scbcheck/scbcheck/vfs"
)

// Script is one program a project declares in its pyproject.toml.
type Script struct {
	// Table is the table declaring it ("project.scripts").
	Table string
	// Name is the command's name; Module the dotted module its target
	// ("module:function") lives in.
	Name, Module string
}

// ProjectScripts returns the programs declared by the [project.scripts]
// and [project.gui-scripts] tables of dir's pyproject.toml, sorted by
// table and name; none when there is no such file. An unreadable or
// malformed file is an error naming it, and so is one that is not a
// regular file, a link leading out of dir, or one over vfs.DefaultMaxRead
// bytes: it is not read.
func ProjectScripts(dir string) ([]Script, error) {
	return ProjectScriptsFS(vfs.OS, dir, vfs.DefaultMaxRead)
}

// ProjectScriptsFS is ProjectScripts reading the file tree fsys, with a
// cap of max bytes (none when max <= 0).
func ProjectScriptsFS(fsys vfs.FS, dir string, max int64) ([]Script, error) {
	fsys = vfs.Or(fsys)
	path := filepath.Join(dir, "pyproject.toml")
	if _, err := fsys.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	data, err := vfs.ReadRegularIn(fsys, dir, path, max)
	if err != nil {
		return nil, readError(path, err)
	}
	doc, err := parseTOML(data, path)
	if err != nil {
		return nil, err
	}
	var out []Script
	for _, name := range []string{"scripts", "gui-scripts"} {
		t, ok := table(doc, "project", name)
		if !ok {
			continue
		}
		for _, cmd := range sortedKeys(t) {
			target, ok := t[cmd].(string)
			if !ok {
				return nil, fmt.Errorf("%s: project.%s.%s: expected a string \"module:function\", got %s", path, name, cmd, describe(t[cmd]))
			}
			module, _, _ := strings.Cut(target, ":")
			module = strings.TrimSpace(module)
			if module == "" {
				return nil, fmt.Errorf("%s: project.%s.%s: %q names no module", path, name, cmd, target)
			}
			out = append(out, Script{Table: "project." + name, Name: cmd, Module: module})
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Table < out[b].Table })
	return out, nil
}
