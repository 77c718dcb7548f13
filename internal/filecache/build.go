package filecache

import (
	"os"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/scbcheck/scbcheck/vfs"
)

var (
	buildOnce sync.Once
	buildID   string
)

// Build names the code that makes entries: the tree-sitter modules
// linked in and the running executable's SHA-256, so that a rebuilt
// binary (any change to the analyses) never reads entries another build
// wrote. It is computed once per process.
func Build() string {
	buildOnce.Do(func() {
		var parts []string
		if bi, ok := debug.ReadBuildInfo(); ok {
			for _, d := range bi.Deps {
				if strings.HasPrefix(d.Path, "github.com/tree-sitter/") {
					parts = append(parts, d.Path+"@"+d.Version)
				}
			}
		}
		if exe, err := os.Executable(); err == nil {
			if sum, err := vfs.FileSHA256(exe); err == nil {
				parts = append(parts, "exe:"+sum)
			}
		}
		buildID = strings.Join(parts, "\n")
	})
	return buildID
}
