#!/usr/bin/env bash
# What --cache saves on a git history: times one `check` of the last commit
# against `trajectory` over the last N commits without a cache, with an
# empty one and with a full one, all in one run on the same machine.
#
#   bench/trajectory.sh [REPO] [N]   (default: this repository, 30 commits)
#
# Environment: ROUNDS (default 3; medians are printed), LANGUAGES (the
# --languages value, default all), JOBS (workers, default nproc), TMPDIR
# (where scb-check writes each commit's tree; the cache itself is always
# bench/out/trajectory-cache, on the repository's disk).
#
# Every command runs with the pinned ast-grep (scripts/setup installs it)
# and the bundled rules, as `check` runs by default:
#   check:      scb-check check --report --exit-zero --languages L -j J HEAD-TREE
#               (HEAD-TREE is `git archive HEAD` of REPO written to a directory)
#   no cache:   scb-check trajectory --git REPO --rev-range HEAD~N..HEAD --languages L -j J --report
#   cold cache: the same with --cache into a directory emptied first
#   warm cache: the same again with the cache the cold run filled
# The three trajectory outputs must be byte-identical (checked). Wall and
# CPU time (user + system, children included) and peak RSS come from
# /usr/bin/time.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
repo="$(cd "${1:-$root}" && pwd)"
n="${2:-30}"
rounds="${ROUNDS:-3}"
langs="${LANGUAGES:-all}"
jobs="${JOBS:-$(nproc)}"

"$root/scripts/setup" >/dev/null
export SCB_CHECK_AST_GREP="$root/.tools/ast-grep/node_modules/.bin/ast-grep"
tmp="$(mktemp -d)"
cache="$root/bench/out/trajectory-cache"
trap 'rm -rf "$tmp" "$cache"' EXIT
(cd "$root" && go build -o "$tmp/scb-check" ./cmd/scb-check)

# The range is fixed by hash: commits landing meanwhile change nothing.
head=$(git -C "$repo" rev-parse HEAD)
commits=$(git -C "$repo" rev-list --first-parent --count "$head~$n..$head")
mkdir "$tmp/head"
git -C "$repo" archive "$head" | tar -x -C "$tmp/head"
mkdir "$tmp/head/.git"
echo "repository: $(basename "$repo") at ${head:0:12}, $commits commits (HEAD~$n..HEAD)"
echo "languages: $langs; -j $jobs; $(nproc) cores; $rounds rounds; trees written under ${TMPDIR:-/tmp} ($(df --output=fstype "${TMPDIR:-/tmp}" | tail -1))"

# timed NAME CMD...: runs CMD, stdout to $tmp/NAME.out, appends
# "wall cpu rss_kb" to $tmp/NAME.times.
timed() {
	local name="$1"
	shift
	/usr/bin/time -f "%e %U %S %M" -o "$tmp/t" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" || {
		echo "$name failed:" >&2
		cat "$tmp/$name.err" >&2
		exit 1
	}
	awk '{printf "%s %.2f %s\n", $1, $2 + $3, $4}' "$tmp/t" >>"$tmp/$name.times"
}

traj=(trajectory --git "$repo" --rev-range "$head~$n..$head" --languages "$langs" -j "$jobs" --report)
for round in $(seq "$rounds"); do
	echo "round $round"
	timed check "$tmp/scb-check" check --report --exit-zero --languages "$langs" -j "$jobs" "$tmp/head"
	timed none "$tmp/scb-check" "${traj[@]}"
	rm -rf "$cache"
	timed cold "$tmp/scb-check" "${traj[@]}" --cache "$cache" -v
	timed warm "$tmp/scb-check" "${traj[@]}" --cache "$cache" -v
	cmp "$tmp/none.out" "$tmp/cold.out"
	cmp "$tmp/none.out" "$tmp/warm.out"
done
grep '^info cache' "$tmp/cold.err" | sed -e 's/^/cold: /' -e "s|$cache|CACHE|"
grep '^info cache' "$tmp/warm.err" | sed -e 's/^/warm: /' -e "s|$cache|CACHE|"

# median COLUMN FILE
median() { cut -d' ' -f"$1" "$2" | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
printf '\n%-24s %8s %8s %8s %12s %12s\n' run "wall s" "CPU s" "peak MB" "wall/check" "CPU/check"
cw=$(median 1 "$tmp/check.times")
cc=$(median 2 "$tmp/check.times")
for name in check none cold warm; do
	w=$(median 1 "$tmp/$name.times")
	c=$(median 2 "$tmp/$name.times")
	m=$(median 3 "$tmp/$name.times")
	case $name in
	check) label="check of HEAD" ;;
	none) label="trajectory, no cache" ;;
	cold) label="trajectory, empty cache" ;;
	warm) label="trajectory, full cache" ;;
	esac
	awk -v l="$label" -v w="$w" -v c="$c" -v m="$m" -v cw="$cw" -v cc="$cc" \
		'BEGIN {printf "%-24s %8.2f %8.2f %8d %12.2f %12.2f\n", l, w, c, m / 1024, w / cw, c / cc}'
done
echo "(the three trajectory outputs are byte-identical in every round)"
