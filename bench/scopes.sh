#!/usr/bin/env bash
# Measures what the scopes cost: the time `scb-check check --report` takes
# on sympy (Debian's python3-sympy, bench/corpus.sh) at BASE, a revision
# without scopes, against the work tree, whose every run also marks the
# test files and measures the production and the test code apart (the
# scopes key). The target is an extra time under 10%.
#
#   bench/scopes.sh BASE [RUNS]   (RUNS: runs of each mode, default 5)
#
# Two modes, each BASE and work tree alternately, RUNS times: "ours"
# (--disable-sg: our analysis alone, where the scopes' share is largest)
# and "full" (--include-all with the pinned ast-grep, the SlopCodeBench
# mode). It prints each mode's median wall time of both builds and their
# ratio, and checks that the two reports hold the same numbers but for
# the scopes key.
set -euo pipefail

prog=bench/scopes.sh
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[ $# -ge 1 ] || { echo "usage: $prog BASE [RUNS]" >&2; exit 2; }
base="$1"
runs="${2:-5}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=bench/revision.sh
. "$root/bench/revision.sh"
find_ast_grep

"$root/bench/corpus.sh" sympy >/dev/null
tree="$root/bench/corpus/sympy"
build before "$base"
build after .
jobs="$(nproc)"
echo "tree: $tree ($(find "$tree" -name '*.py' | wc -l) Python files), -j $jobs, $runs runs per build and mode"

# seconds CMD...: runs CMD (output dropped) and prints its wall time.
seconds() {
	local start end
	start="$(date +%s.%N)"
	"$@" >/dev/null 2>&1 || [ $? -eq 1 ]
	end="$(date +%s.%N)"
	echo "$end - $start" | bc
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

for mode in ours full; do
	case $mode in
	ours) args=(check --report --exit-zero --disable-sg -j "$jobs" "$tree") ;;
	full) args=(check --report --exit-zero --include-all --ast-grep "$ast_grep" -j "$jobs" "$tree") ;;
	esac
	# One run of each first: the files are in the page cache for all.
	"$tmp/before" "${args[@]}" >"$tmp/before-$mode.json"
	"$tmp/after" "${args[@]}" >"$tmp/after-$mode.json"
	python3 - "$tmp/before-$mode.json" "$tmp/after-$mode.json" <<'EOF'
import json, sys
before, after = (json.load(open(p)) for p in sys.argv[1:])
scopes = after.pop("scopes")
assert before == after, "the reports differ besides scopes"
print("  production: %(files_scanned)d files, erosion %(erosion).4f, verbosity %(verbosity).4f" % scopes["production"])
print("  tests:      %(files_scanned)d files, erosion %(erosion).4f, verbosity %(verbosity).4f" % scopes["tests"])
EOF
	: >"$tmp/b" && : >"$tmp/a"
	for _ in $(seq "$runs"); do
		seconds "$tmp/before" "${args[@]}" >>"$tmp/b"
		seconds "$tmp/after" "${args[@]}" >>"$tmp/a"
	done
	b="$(median <"$tmp/b")"
	a="$(median <"$tmp/a")"
	printf '%-5s before %6.2fs  after %6.2fs  after/before %.3f\n' "$mode" "$b" "$a" "$(echo "$a / $b" | bc -l)"
done
