package config

import "flag"

// The -update flag is shared by every test package so that
// `go test ./... -update` runs everywhere; this package has no golden files.
var _ = flag.Bool("update", false, "rewrite golden files (no golden files in this package)")
