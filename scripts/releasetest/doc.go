// Package releasetest tests the release and integration tooling beside
// the Go code: the GitHub action and workflows (action.yml,
// .github/workflows, docs/github), the release workflow's scripts, the
// pre-commit hooks and their npm package, and the Containerfiles. Its
// tests run from the module root (TestMain changes to it), as the files
// they check name each other by paths relative to it; scripts/test-github
// and scripts/test-image run them with the real linters and images.
//
// The package holds no code of its own: only its tests.
package releasetest
