package reuse

import (
	"fmt"
	"path"
	"strings"

	"github.com/scbcheck/scbcheck/lang"
)

// Manifest is a project file read for module paths and entries (a
// language's lang.Manifest) at its place in the analysed tree.
type Manifest struct {
	// Dir is the slash-separated directory relative to the analysis
	// root, "" for the root.
	Dir string
	// Name is the manifest's base name.
	Name string
	lang.ManifestInfo
}

// ReadManifest reads the text of a manifest named name (a base name some
// language reads, see IsManifest) found in the slash-separated directory
// dir, relative to the analysis root.
func ReadManifest(dir, name string, text []byte) (Manifest, error) {
	read := manifestReader(name)
	if read == nil {
		return Manifest{}, fmt.Errorf("%s: not a manifest", name)
	}
	info, err := read(text)
	if err != nil {
		return Manifest{}, err
	}
	return Manifest{Dir: dir, Name: name, ManifestInfo: info}, nil
}

// From returns the manifest as seen from its slash-separated
// subdirectory down, the analysis root when the manifest lies above it:
// placed at the root, its module path extended by the way down, its
// entries, base directory and alias targets made relative to down (those
// outside it dropped).
func (m Manifest) From(down string) Manifest {
	out := Manifest{Name: m.Name}
	if namesPackages(m.Name) {
		out.ModulePath = joinPath(m.ModulePath, down)
	}
	below := func(p string) (string, bool) {
		p = path.Clean(p)
		switch {
		case p == down:
			return ".", true
		case within(down, p):
			return strings.TrimPrefix(p, down+"/"), true
		}
		return "", false
	}
	for _, e := range m.Entries {
		if t, ok := below(e.Target); ok && t != "." {
			e.Target = t
			out.Entries = append(out.Entries, e)
		}
	}
	if m.BaseDir != "" {
		out.BaseDir, _ = below(m.BaseDir)
	}
	for _, a := range m.Aliases {
		kept := lang.PathAlias{Pattern: a.Pattern}
		for _, t := range a.Targets {
			if t, ok := below(t); ok {
				kept.Targets = append(kept.Targets, t)
			}
		}
		if len(kept.Targets) > 0 {
			out.Aliases = append(out.Aliases, kept)
		}
	}
	return out
}

// IsManifest reports whether some language reads files of this base name
// as manifests.
func IsManifest(name string) bool { return manifestReader(name) != nil }

func manifestReader(name string) func([]byte) (lang.ManifestInfo, error) {
	for _, s := range lang.All() {
		for _, m := range s.Exports.Manifests {
			if m.Name == name {
				return m.Read
			}
		}
	}
	return nil
}

// within reports whether the slash-separated directory dir is base or
// lies below it ("" is the root).
func within(base, dir string) bool {
	return base == "" || dir == base || strings.HasPrefix(dir, base+"/")
}

func joinPath(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "/" + b
}

func manifestName(ms []lang.Manifest) string {
	if len(ms) == 0 {
		return ""
	}
	return ms[0].Name
}
