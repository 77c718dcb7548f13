package vfs

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A path below the directory is rewritten, the directory itself too,
// and nothing else.
func TestRelocatePaths(t *testing.T) {
	tests := []struct {
		name, msg, want string
	}{
		{"a path below the root is relative", "/s/t/.ignore: not a regular file", ".ignore: not a regular file"},
		{"every path below the root is", "/s/t/a/.gitignore: open /s/t/a/.gitignore: denied", "a/.gitignore: open a/.gitignore: denied"},
		{"the root itself is the label", "symlink to /h/x, outside /s/t (not followed)", "symlink to /h/x, outside v1 (not followed)"},
		{"the root at the end is the label", "outside /s/t", "outside v1"},
		{"a sibling sharing the root's prefix is kept", "/s/t2/.ignore and /s/tx", "/s/t2/.ignore and /s/tx"},
		{"a path elsewhere is kept", "/etc/passwd: denied", "/etc/passwd: denied"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, RelocatePaths(tt.msg, "/s/t", "", "v1"))
		})
	}
}
