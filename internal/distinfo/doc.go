// Command distinfo prints the versions a release is built from, so that
// the scripts that build and install scbcheck read them from the Go
// source and never keep a copy: "version" is scbcheck.Version (the
// archives', wheel's and npm packages' version) and "ast-grep" is
// rules.PinnedAstGrep (the ast-grep that scripts/setup installs and the
// wheel and npm packages depend on).
//
//	go run ./internal/distinfo version    # 0.2.0
//	go run ./internal/distinfo ast-grep   # 0.44.0
package main
