#!/usr/bin/env bash
# What --cache saves on a git history: times one `check` of the last commit
# against `trajectory` over the last N commits without a cache, with an
# empty one and with a full one, all in one run on the same machine.
#
#   bench/trajectory.sh [REPO] [N]   (default: this repository, 30 commits)
#
# Environment: ROUNDS (default 3; medians are printed), LANGUAGES (the
# --languages value, default all), JOBS (workers, default nproc), TMPDIR
# (where scb-check writes the files ast-grep reads; /dev/shm when unset;
# the cache itself is always bench/out/trajectory-cache, on the
# repository's disk).
#
# Every command runs with the pinned ast-grep (scripts/setup installs it)
# and the bundled rules, as `check` runs by default:
#   check:      scb-check check --report --exit-zero --languages L -j J HEAD-TREE
#               (HEAD-TREE is `git archive HEAD` of REPO written to a directory)
#   no cache:   scb-check trajectory --git REPO --rev-range HEAD~N..HEAD --languages L -j J --report
#               (no --cache: the points share a cache held in memory)
#   cold cache: the same with --cache into a directory emptied first
#   warm cache: the same again with the cache the cold run filled
# The three trajectory outputs must be byte-identical (checked). Wall and
# CPU time (user + system, children included) and peak RSS come from
# /usr/bin/time.
#
# It also prints the history's floor: the bytes of source (files of every
# language's extensions) in the first commit's tree plus those of every
# distinct version a later commit adds or changes, over the bytes of
# source at the last commit. A tool that parses and scans each file
# version once does that many checks' worth of per-file work.
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
scratch="${TMPDIR:-/dev/shm}"
echo "languages: $langs; -j $jobs; $(nproc) cores; $rounds rounds; files for ast-grep written under $scratch ($(df --output=fstype "$scratch" | tail -1))"

# The floor (see above). Extensions: every language's, from lang/*.go.
ext='\.(py|pyw|rs|go|java|js|mjs|cjs|jsx|ts|mts|cts|tsx|c|h|cc|cpp|cxx|hpp|hh|hxx)$'
srcbytes() { git -C "$repo" ls-tree -r -l "$1" | awk -v e="$ext" '$5 ~ e {s += $4} END {print s + 0}'; }
commits_list=$(git -C "$repo" rev-list --first-parent --reverse "$head~$n..$head")
first_bytes=$(srcbytes "$(echo "$commits_list" | head -1)")
last_bytes=$(srcbytes "$head")
later_bytes=$(prev=""; for c in $commits_list; do
	[ -n "$prev" ] && git -C "$repo" diff-tree -r --no-renames --raw "$prev" "$c"
	prev=$c
done | awk -v e="$ext" '$5 != "D" && $6 ~ e {print $4, $6}' | sort -u | awk '{print $1}' |
	git -C "$repo" cat-file --batch-check | awk '{s += $3} END {print s + 0}')
awk -v f="$first_bytes" -v l="$later_bytes" -v h="$last_bytes" 'BEGIN {
	printf "floor: %.2f checks (first tree %d bytes of source, later versions %d, last commit %d)\n", (f + l) / h, f, l, h }'


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
