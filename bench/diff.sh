#!/usr/bin/env bash
# What judging a change costs, against a plain check of the same tree:
#
#   bench/diff.sh [RUNS]   (default 3)
#
# On a git repository of Debian's django (bench/corpus.sh django) whose
# last commit changes one file, it times, side by side in one run (each
# round runs both, alternating which goes first):
#
#   check       scb-check check --report django
#   new         scb-check check --new-from-rev HEAD~1 --report django
#   new-warm    the same with --cache DIR, DIR filled by one run first
#
# all with ast-grep (the pinned one, or $AST_GREP), and prints each one's
# median wall time and CPU time (user and system, its children's
# included: what a busy machine distorts least) and the ratios new/check
# (target: at most 1.5) and new-warm/check (target: at most 0.5), both
# in wall time. scb-check is built from the work tree. Run it by hand; it
# is no test; it needs GNU time (/usr/bin/time, Debian's time).
set -euo pipefail

prog=bench/diff.sh
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

"$here/corpus.sh" django
repo="$tmp/repo"
mkdir -p "$repo"
cp -a "$here/corpus/django" "$repo/django"
rm -f "$repo/django/.source"
git() { command git -C "$repo" -c user.name=bench -c user.email=bench@example.com -c commit.gpgsign=false "$@"; }
git init -q -b main
git add -A
git commit -q -m base
# The change: one function appended to one file.
changed="$repo/django/utils/text.py"
cat >>"$changed" <<'EOF'


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
git commit -q -a -m "one changed file"
echo "corpus: django ($(git ls-files | wc -l) files), HEAD~1..HEAD changes $(git diff --name-only HEAD~1 | wc -l) file" >&2

# time_run NAME ARGS...: runs scb-check in the repository and appends its
# wall time and its CPU time (user and system, ast-grep's and git's
# included) in seconds to $tmp/NAME.times and $tmp/NAME.cpu; exit 2 (an
# error) stops.
time_run() {
	local name="$1" rc=0
	shift
	(cd "$repo" && /usr/bin/time -f '%e %U %S' -o "$tmp/$name.time" "$bin" "$@" --ast-grep "$ast_grep" >/dev/null 2>"$tmp/$name.err") || rc=$?
	if [ "$rc" -ge 2 ]; then
		echo "$prog: $name failed (exit $rc):" >&2
		cat "$tmp/$name.err" >&2
		exit 1
	fi
	# /usr/bin/time notes a non-zero exit on a line of its own first.
	tail -n 1 "$tmp/$name.time" | awk '{print $1}' >>"$tmp/$name.times"
	tail -n 1 "$tmp/$name.time" | awk '{print $2 + $3}' >>"$tmp/$name.cpu"
}

median() { sort -n "$1" | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

time_run prime check --quiet --new-from-rev HEAD~1 --report --cache "$tmp/cache" django
rm -f "$tmp/prime.times"
for i in $(seq "$runs"); do
	if [ $((i % 2)) -eq 1 ]; then
		time_run check check --quiet --report django
		time_run new check --quiet --new-from-rev HEAD~1 --report django
	else
		time_run new check --quiet --new-from-rev HEAD~1 --report django
		time_run check check --quiet --report django
	fi
	time_run new-warm check --quiet --new-from-rev HEAD~1 --report --cache "$tmp/cache" django
done

check="$(median "$tmp/check.times")"
new="$(median "$tmp/new.times")"
warm="$(median "$tmp/new-warm.times")"
check_cpu="$(median "$tmp/check.cpu")"
new_cpu="$(median "$tmp/new.cpu")"
warm_cpu="$(median "$tmp/new-warm.cpu")"
printf '%-10s %8s s wall  %8s s CPU  (median of %d)\n' check "$check" "$check_cpu" "$runs" new "$new" "$new_cpu" "$runs" new-warm "$warm" "$warm_cpu" "$runs"
printf 'new/check       %.2fx  (target <= 1.5x; CPU %.2fx)\n' "$(echo "$new / $check" | bc -l)" "$(echo "$new_cpu / $check_cpu" | bc -l)"
printf 'new-warm/check  %.2fx  (target <= 0.5x; CPU %.2fx)\n' "$(echo "$warm / $check" | bc -l)" "$(echo "$warm_cpu / $check_cpu" | bc -l)"
