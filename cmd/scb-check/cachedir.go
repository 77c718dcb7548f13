package main

import (
	"errors"
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
