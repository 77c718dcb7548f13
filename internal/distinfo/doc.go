// Command distinfo prints the versions and names a release is built from,
// so that
// the scripts that build and install scbcheck read them from the Go
// source and never keep a copy: "version" is scbcheck.Version (the
// archives', wheel's and npm packages' version) and "ast-grep" is
// rules.PinnedAstGrep (the ast-grep that scripts/setup installs and the
// wheel and npm packages depend on); "pypi" is the name the wheel is
// published under.
//
//	go run ./internal/distinfo version    # scbcheck.Version
//	go run ./internal/distinfo ast-grep   # rules.PinnedAstGrep
//	go run ./internal/distinfo pypi       # scb-check-go
package main
