package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
)

// cacheDirEnv names the cache directory of the commands that keep one by
// default (the hooks): it overrides the default place.
const cacheDirEnv = "SCB_CHECK_CACHE_DIR"

// defaultCacheDir is where the commands that cache by default keep their
// cache, outside any repository they judge: $SCB_CHECK_CACHE_DIR, else
// $XDG_CACHE_HOME/scb-check, else ~/.cache/scb-check (HOME's). A relative
// XDG_CACHE_HOME is ignored, as the XDG base directory specification
// says. It is an error when none of them is set.
func defaultCacheDir(getenv func(string) string) (string, error) {
	if dir := getenv(cacheDirEnv); dir != "" {
		return dir, nil
	}
	if xdg := getenv("XDG_CACHE_HOME"); filepath.IsAbs(xdg) {
		return filepath.Join(xdg, "scb-check"), nil
	}
	if home := getenv("HOME"); filepath.IsAbs(home) {
		return filepath.Join(home, ".cache", "scb-check"), nil
	}
	return "", errors.New("no cache directory: set " + cacheDirEnv + ", XDG_CACHE_HOME or HOME, or pass --cache DIR")
}

// defaultCache gives check --staged, the pre-commit hook's command, the
// cache directory defaultCacheDir names unless --cache or --no-cache
// chose: a commit then costs about the files it changes. When none can be
// found it warns, and the run keeps no cache (the report is the same).
func (a *checkArgs) defaultCache(stderr io.Writer, getenv func(string) string) {
	if a.change.flag != flagStaged || a.cache != "" || a.noCache {
		return
	}
	dir, err := defaultCacheDir(getenv)
	if err != nil {
		fmt.Fprintf(stderr, "warning: %v; this run keeps none\n", err)
		return
	}
	a.cache = dir
}
