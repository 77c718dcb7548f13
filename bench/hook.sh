#!/usr/bin/env bash
# What `scb-check hook` costs after an agent's edit:
#
#   bench/hook.sh [RUNS]   (default 5)
#
# On a git repository of a slice of the Python standard library of this
# machine's python3 (its email and json packages: about 11,000 lines), it
# feeds the hook a PostToolUse event for an edit of email/utils.py (one
# function appended, a different one each run) and times, with ast-grep
# (the pinned one, or $AST_GREP) and the cache in a directory of its own:
#
#   cold        an empty cache
#   warm        the cache filled by the run of the edit before: the edited
#               file alone is new to it (the hook after every edit)
#   warm-same   the same event again: everything is in the cache
#
# and prints each one's median wall time (target: warm at most 1 s) and
# CPU time (its child processes' included) with the load average: on a
# shared machine the wall time waits for the CPU. scb-check is built
# from the work tree. Run it by hand; it is no test.
set -euo pipefail

prog=bench/hook.sh
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
runs="${1:-5}"
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

stdlib="$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])')"
repo="$tmp/repo"
mkdir -p "$repo/email" "$repo/json"
cp "$stdlib"/email/*.py "$repo/email/"
cp "$stdlib"/json/*.py "$repo/json/"
git() { command git -C "$repo" -c user.name=bench -c user.email=bench@example.com -c commit.gpgsign=false "$@"; }
git init -q -b main
git add -A
git commit -q -m base
echo "corpus: $stdlib/{email,json}: $(git ls-files | wc -l) files, $(cat "$repo"/email/*.py "$repo"/json/*.py | wc -l) lines" >&2
edited="$repo/email/utils.py"
cp "$edited" "$tmp/utils.py"

# edit N: the edited file is the committed one with function N appended.
edit() {
	cp "$tmp/utils.py" "$edited"
	cat >>"$edited" <<EOF


def bench_added_$1(values, limit=None):
    out = []
    for value in values:
        if value is None:
            continue
        if limit is not None and len(out) >= limit:
            break
        out.append(str(value).strip())
    return out
EOF
}

event="$(printf '{"session_id":"bench","transcript_path":"%s","cwd":"%s","permission_mode":"default","hook_event_name":"PostToolUse","tool_name":"Edit","tool_input":{"file_path":"%s","old_string":"","new_string":""},"tool_response":{"filePath":"%s","success":true},"tool_use_id":"toolu_bench"}' \
	"$tmp/transcript.jsonl" "$repo" "$edited" "$edited")"

# time_run NAME CACHE: runs the hook on the event with CACHE as its cache
# directory and appends its wall time in seconds to $tmp/NAME.times and
# its CPU time (user and system, its child processes' included) to
# $tmp/NAME.cpu; an error (exit 1) stops.
time_run() {
	local name="$1" rc=0 TIMEFORMAT='%R %U %S'
	{ time (cd "$repo" && printf '%s' "$event" | SCB_CHECK_CACHE_DIR="$2" CLAUDE_PROJECT_DIR="$repo" \
		"$bin" hook --ast-grep "$ast_grep" >/dev/null 2>"$tmp/$name.err") || rc=$?; } 2>"$tmp/$name.time"
	if [ "$rc" -ne 0 ] && [ "$rc" -ne 2 ]; then
		echo "$prog: $name failed (exit $rc):" >&2
		cat "$tmp/$name.err" >&2
		exit 1
	fi
	read -r real user sys <"$tmp/$name.time"
	echo "$real" >>"$tmp/$name.times"
	echo "$user + $sys" | bc >>"$tmp/$name.cpu"
}

median() { sort -n "$1" | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

edit 0
time_run prime "$tmp/warm-cache"
rm -f "$tmp/prime.times" "$tmp/prime.cpu"
for i in $(seq "$runs"); do
	edit "$i"
	rm -rf "$tmp/cold-cache"
	time_run cold "$tmp/cold-cache"
	time_run warm "$tmp/warm-cache"
	time_run warm-same "$tmp/warm-cache"
done

for name in cold warm warm-same; do
	printf '%-10s %6.2f s wall, %6.2f s CPU  (medians of %d)\n' "$name" "$(median "$tmp/$name.times")" "$(median "$tmp/$name.cpu")" "$runs"
done
echo "target: warm <= 1 s wall; load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
