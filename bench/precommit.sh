#!/usr/bin/env bash
# What the pre-commit hook costs on a large repository:
#
#   bench/precommit.sh [RUNS]   (default 3)
#
# On a git repository of Debian's django (bench/corpus.sh django) with one
# staged change (a function appended to one file), it times the hook's
# command, `scb-check check --staged --output-format text .` run from the
# repository's top as pre-commit runs it:
#
#   check    scb-check check --output-format text .   (the whole tree, no cache)
#   cold     the hook's command with an empty cache directory
#   warm     the hook's command with the cache one run of it filled
#
# all with ast-grep (the pinned one, or $AST_GREP), the cache in
# $SCB_CHECK_CACHE_DIR as the hook's default. It prints each one's median
# wall time (target: warm under 1.5 s) and the ratios to check. scb-check
# is built from the work tree. Run it by hand; it is no test.
set -euo pipefail

prog=bench/precommit.sh
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
runs="${1:-3}"
case $runs in
'' | *[!0-9]* | 0) echo "$prog: RUNS must be a whole number >= 1" >&2; exit 2 ;;
esac

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=bench/revision.sh
. "$here/revision.sh"
find_ast_grep
build scb-check . >&2
bin="$tmp/scb-check"

"$here/corpus.sh" django >&2
repo="$tmp/repo"
mkdir -p "$repo"
cp -a "$here/corpus/django" "$repo/django"
rm -f "$repo/django/.source"
git() { command git -C "$repo" -c user.name=bench -c user.email=bench@example.com -c commit.gpgsign=false "$@"; }
git init -q -b main
git add -A
git commit -q -m base
# Packed, as a clone is: git reads thousands of loose objects (one file
# each) several times slower.
git gc -q
# The change: one function appended to one file, staged.
cat >>"$repo/django/utils/text.py" <<'EOF'


def bench_added(values, limit=None):
    out = []
    for value in values:
        if value is None:
            continue
        if limit is not None and len(out) >= limit:
            break
        out.append(str(value).strip())
    return out
EOF
git add django/utils/text.py
echo "corpus: django ($(git ls-files | wc -l) files), $(git diff --cached --name-only | wc -l) file staged" >&2

# time_run NAME CACHE ARGS...: runs scb-check in the repository with
# SCB_CHECK_CACHE_DIR=CACHE and appends its wall time in seconds to
# $tmp/NAME.times; exit 2 (an error) stops.
time_run() {
	local name="$1" cache="$2" start end rc=0
	shift 2
	start="$(date +%s.%N)"
	(cd "$repo" && SCB_CHECK_CACHE_DIR="$cache" "$bin" "$@" --ast-grep "$ast_grep" >/dev/null 2>"$tmp/$name.err") || rc=$?
	end="$(date +%s.%N)"
	if [ "$rc" -ge 2 ]; then
		echo "$prog: $name failed (exit $rc):" >&2
		cat "$tmp/$name.err" >&2
		exit 1
	fi
	echo "$end - $start" | bc >>"$tmp/$name.times"
}

median() { sort -n "$1" | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

hook=(check --quiet --staged --output-format text .)
time_run prime "$tmp/warm-cache" "${hook[@]}"
rm -f "$tmp/prime.times"
for i in $(seq "$runs"); do
	time_run check "$tmp/unused" check --quiet --output-format text .
	time_run cold "$tmp/cold-$i" "${hook[@]}"
	time_run warm "$tmp/warm-cache" "${hook[@]}"
done

check="$(median "$tmp/check.times")"
cold="$(median "$tmp/cold.times")"
warm="$(median "$tmp/warm.times")"
printf '%-6s %8s s  (median of %d)\n' check "$check" "$runs" cold "$cold" "$runs" warm "$warm" "$runs"
printf 'cold/check  %.2fx\n' "$(echo "$cold / $check" | bc -l)"
printf 'warm/check  %.2fx  (warm target: under 1.5 s)\n' "$(echo "$warm / $check" | bc -l)"
printf 'cache       %s\n' "$(du -sh "$tmp/warm-cache" | cut -f1)"
