package vfs

import (
	"path/filepath"
	"strings"
)

// RelocatePaths rewrites, in msg, each path below dir as prefix followed
// by the rest of the path, and dir itself as self: the messages about a
// tree held at a temporary place (a commit's, in memory) name it where
// the person knows it. An occurrence of dir that continues with more of a
// name (dir2/x for dir) is another path, kept; "" for dir changes
// nothing.
func RelocatePaths(msg, dir, prefix, self string) string {
	if dir == "" {
		return msg
	}
	var b strings.Builder
	sep := string(filepath.Separator)
	for {
		i := strings.Index(msg, dir)
		if i < 0 {
			b.WriteString(msg)
			return b.String()
		}
		b.WriteString(msg[:i])
		rest := msg[i+len(dir):]
		switch {
		case strings.HasPrefix(rest, sep):
			b.WriteString(prefix)
			rest = rest[len(sep):]
		case rest == "" || strings.ContainsAny(rest[:1], " ,;:)'\""):
			b.WriteString(self)
		default:
			b.WriteString(dir)
		}
		msg = rest
	}
}
