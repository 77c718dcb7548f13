package main

import (
	"io"
	"os"

	"github.com/mattn/go-isatty"
)

// Values of --color.
const (
	colorAuto   = "auto"
	colorAlways = "always"
	colorNever  = "never"
)

// envNoColor is the no-color.org variable: set to anything but the empty
// string, it turns automatic color off.
const envNoColor = "NO_COLOR"

// useColor decides whether the human or text output written to w is
// colored. --color always and never decide alone (a flag wins over
// NO_COLOR, as no-color.org asks); auto, the default, colors only a
// terminal, and not when NO_COLOR is set and not empty or TERM is dumb.
func useColor(mode string, w io.Writer, getenv func(string) string) bool {
	switch mode {
	case colorAlways:
		return true
	case colorNever:
		return false
	}
	if getenv(envNoColor) != "" || getenv("TERM") == "dumb" {
		return false
	}
	return isTerminal(w)
}

// isTerminal reports whether w is a file open on a terminal (a Cygwin or
// MSYS one included).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
}
