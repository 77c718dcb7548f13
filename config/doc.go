// Package config finds and reads the scb-check configuration: a
// scb-check.toml file, or the [tool.scb-check] section of a pyproject.toml
// together with the exclude lists of ruff and ty found there.
//
// Discovery starts at the working directory, not at the analysed path, and
// walks upward until a directory holding a .git directory or the filesystem
// root. Exclude patterns are normalised here and matched by package source
// against paths relative to Config.BaseDir.
package config
