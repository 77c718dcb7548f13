#!/usr/bin/env bash
# Cross-checks scb-check's cyclomatic complexity of Go functions against
# gocyclo (github.com/fzipp/gocyclo v0.6.0) on one tree, and times both.
#
#   bench/gocyclo.sh [ROOT]        (default: the Go source tree, $(go env GOROOT)/src)
#
# Environment: JOBS (scb-check's workers, default: nproc).
#
# gocyclo runs as `gocyclo -over 0 ROOT` (every function, one process, one
# thread); scb-check as `scb-check check --report --exit-zero --disable-sg
# --include-all --languages go -j JOBS ROOT`, both under /usr/bin/time (wall
# time and peak RSS). bench/gocyclo/ (a module of its own, so gocyclo never
# enters the main go.mod) then matches the functions by file and line of
# their func keyword on the files gocyclo reads, and prints the agreement
# share and the disagreements grouped by cause. Files scb-check skips for
# syntax errors (tree-sitter ERROR or MISSING nodes) are listed and left out.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
root="${1:-$(go env GOROOT)/src}"
root="$(cd "$root" && pwd)"
jobs="${JOBS:-$(nproc)}"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

echo "building scb-check, gocyclo v0.6.0 and the comparison"
(cd "$repo" && go build -o "$tmp/scb-check" ./cmd/scb-check)
(cd "$tmp" && GOBIN="$tmp" GOFLAGS=-mod=mod go install github.com/fzipp/gocyclo/cmd/gocyclo@v0.6.0)
(cd "$here/gocyclo" && go build -o "$tmp/compare" .)

# timed NAME CMD...: runs CMD with stdout to $tmp/NAME.out, keeps "wall rss_kb".
timed() {
	local name="$1"
	shift
	/usr/bin/time -f "%e %M" -o "$tmp/$name.time" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
}

echo "running gocyclo on $root"
timed gocyclo "$tmp/gocyclo" -over 0 "$root"
echo "running scb-check on $root"
timed scb-check "$tmp/scb-check" check --report --exit-zero --disable-sg --include-all --languages go -j "$jobs" "$root"

echo
"$tmp/compare" "$tmp/gocyclo.out" "$root"

funcs_peer=$(wc -l <"$tmp/gocyclo.out")
files_ours=$(grep -o '"files_scanned":[0-9]*' "$tmp/scb-check.out" | cut -d: -f2)
funcs_ours=$(grep -o '"total_functions":[0-9]*' "$tmp/scb-check.out" | cut -d: -f2)
skips_ours=$(grep -c 'failed to parse' "$tmp/scb-check.err" || true)
read -r wall_peer rss_peer <"$tmp/gocyclo.time"
read -r wall_ours rss_ours <"$tmp/scb-check.time"
echo
echo "bench row ($(nproc) cores, scb-check -j $jobs; gocyclo is single-threaded)"
printf '%-10s %10s %12s %10s %10s\n' tool "wall (s)" "peak RSS MB" files functions
printf '%-10s %10s %12d %10s %10s\n' gocyclo "$wall_peer" $((rss_peer / 1024)) "-" "$funcs_peer"
printf '%-10s %10s %12d %10s %10s\n' scb-check "$wall_ours" $((rss_ours / 1024)) "$files_ours" "$funcs_ours"
echo "(scb-check's figures are its whole analysis: complexity, SLOC, clones and the structural"
echo " rules, on the files its discovery keeps: testdata included, build/, dist/ and target/ pruned;"
echo " it skipped $skips_ours files for syntax errors)"
