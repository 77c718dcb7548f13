#!/usr/bin/env bash
# Proves that a change left behaviour alone: builds scb-check at two
# revisions of this repository, runs both on the bench corpora with the same
# options and compares what they print, byte for byte.
#
#   bench/same-output.sh BEFORE AFTER   (git revisions, e.g. 1db4292 HEAD;
#                                        `.` is the work tree as it is)
#
# Environment:
#   CORPORA   what to run (default: sympy django stdlib go trajectory)
#             sympy, django, stdlib  bench/corpus/NAME, laid out by
#                                    bench/corpus.sh NAME when missing
#             go                     $(go env GOROOT)/src, --languages all
#             trajectory             this repository's last COMMITS commits
#   COMMITS   commits of the trajectory (default 30; the whole history
#             when there are fewer)
#   AST_GREP  the ast-grep executable (default: the pinned one in
#             .tools/ast-grep/, installed by scripts/setup when missing)
#   JOBS      workers (-j) of every run (default nproc)
#   OUT       where the outputs are kept (default bench/out/same-output)
#
# Per corpus, each binary runs (CORPUS the directory, L the languages):
#   check --report --include-all              the JSON report, every finding
#   check --output-format human --include-all
#   check --output-format text --include-all
#   check --output-format sarif --include-all
#   check --report                            the default policies (ignore
#   check --output-format text                files, severities, suppressions)
#   dir --output-format json
# and on the Python corpora (sympy, django, stdlib) the 0.1.3 profile's
#   check --compat 0.1.3 --report --include-all
#   check --compat 0.1.3 --report
#   check --compat 0.1.3 --output-format text --include-all
# each as `scb-check CMD --ast-grep AST_GREP -j JOBS [--languages L] CORPUS`.
# The trajectory is `trajectory --git REPO --rev-range H~N..H --languages all`
# with --report, --output-format human and --output-format csv, where REPO
# is a clone of this repository (a linked worktree would be refused) and H
# the commit HEAD names when the script starts.
#
# Every run prints one line per stream: `same` or `DIFFERS` for its
# stdout (with the wall time of each side), and for its stderr with its
# exit status, with the first differing byte and an excerpt of both sides. The outputs stay in
# OUT/before and OUT/after. Exits 1 when anything differs, 2 on an error.
set -euo pipefail

usage() {
	echo "usage: bench/same-output.sh BEFORE AFTER   (git revisions, or . for the work tree)" >&2
	exit 2
}
[ "$#" -eq 2 ] || usage

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
corpora="${CORPORA:-sympy django stdlib go trajectory}"
commits="${COMMITS:-30}"
jobs="${JOBS:-$(nproc)}"
out="${OUT:-$root/bench/out/same-output}"

prog=same-output
# shellcheck source=bench/revision.sh
. "$here/revision.sh"
find_ast_grep

for c in $corpora; do
	case $c in
	sympy | django | stdlib | go | trajectory) ;;
	*) echo "same-output: unknown corpus $c (sympy, django, stdlib, go or trajectory)" >&2; exit 2 ;;
	esac
done

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

build before "$1"
build after "$2"
rm -rf "$out/before" "$out/after"
mkdir -p "$out/before" "$out/after"
out="$(cd "$out" && pwd)" # the runs start in another directory
echo "ast-grep: $("$ast_grep" --version) ($ast_grep); -j $jobs; outputs in $out"

differs=0

# excerpt A B OFFSET: the bytes of A and B around OFFSET (1-based), on one
# line each, control characters shown with cat -v.
excerpt() {
	local from=$(($3 > 60 ? $3 - 60 : 1)) f
	for f in "$1" "$2"; do
		printf '      %s: ' "$(basename "$(dirname "$f")")"
		{ tail -c +"$from" "$f" | head -c 160 | cat -v | tr '\n' '~'; } || true
		echo
	done
}

# compare LABEL A B [NOTE]: one line, same or DIFFERS with where.
compare() {
	local label="$1" a="$2" b="$3" note="${4:+, $4}"
	if cmp -s "$a" "$b"; then
		printf 'same     %-40s (%d bytes%s)\n' "$label" "$(wc -c <"$a")" "$note"
		return
	fi
	differs=1
	local where
	where="$(cmp "$a" "$b" 2>&1 | head -1 || true)"
	where="${where#* differ: }"
	where="${where//"$a"/before}"
	printf 'DIFFERS  %-40s %s\n' "$label" "${where//"$b"/after}"
	local off
	off="$(cmp "$a" "$b" 2>/dev/null | sed -n 's/.* byte \([0-9]*\),.*/\1/p' | head -1 || true)"
	if [ -n "$off" ]; then
		excerpt "$a" "$b" "$off"
	else # one is a prefix of the other
		printf '      sizes: before %d, after %d bytes\n' "$(wc -c <"$a")" "$(wc -c <"$b")"
	fi
	diff "$a" "$b" | cut -c1-200 | head -8 | sed 's/^/      /' || true
}

# run NAME ARGS...: runs both binaries with ARGS, from the same directory,
# and compares their stdout, and their stderr with the exit status.
run() {
	local name="$1" side rc start took=()
	shift
	for side in before after; do
		rc=0
		start=$(date +%s%N)
		(cd "$tmp" && "$tmp/$side" "$@" >"$out/$side/$name.out" 2>"$out/$side/$name.err") || rc=$?
		took+=("$(awk -v s="$start" -v e="$(date +%s%N)" 'BEGIN {printf "%.1f", (e - s) / 1e9}')")
		echo "exit status $rc" >>"$out/$side/$name.err"
	done
	compare "$name" "$out/before/$name.out" "$out/after/$name.out" "${took[0]} s / ${took[1]} s"
	compare "$name (stderr, exit)" "$out/before/$name.err" "$out/after/$name.err"
}

# corpus NAME DIR [--languages L]
corpus() {
	local name="$1" dir="$2"
	shift 2
	local opts=(--ast-grep "$ast_grep" -j "$jobs" "$@")
	echo "== $name: $dir${*:+ ($*)}"
	run "$name.check-json-all" check --report --include-all "${opts[@]}" "$dir"
	run "$name.check-human-all" check --output-format human --include-all "${opts[@]}" "$dir"
	run "$name.check-text-all" check --output-format text --include-all "${opts[@]}" "$dir"
	run "$name.check-sarif-all" check --output-format sarif --include-all "${opts[@]}" "$dir"
	run "$name.check-json" check --report "${opts[@]}" "$dir"
	run "$name.check-text" check --output-format text "${opts[@]}" "$dir"
	# dir runs no ast-grep.
	run "$name.dir-json" dir --output-format json -j "$jobs" "$@" "$dir"
	# The 0.1.3 profile reads Python only: on the Python corpora.
	if [ "$#" -eq 0 ]; then
		run "$name.compat013-json-all" check --compat 0.1.3 --report --include-all "${opts[@]}" "$dir"
		run "$name.compat013-json" check --compat 0.1.3 --report "${opts[@]}" "$dir"
		run "$name.compat013-text-all" check --compat 0.1.3 --output-format text --include-all "${opts[@]}" "$dir"
	fi
}

for c in $corpora; do
	case $c in
	sympy | django | stdlib)
		[ -f "$root/bench/corpus/$c/.source" ] || bash "$here/corpus.sh" "$c" >/dev/null
		corpus "$c" "$root/bench/corpus/$c"
		;;
	go)
		corpus go "$(go env GOROOT)/src" --languages all
		;;
	trajectory)
		# A clone: trajectory --git refuses a linked worktree, and the
		# revision before may not know --allow-outside-git-dir.
		head="$(git -C "$root" rev-parse HEAD)"
		git clone -q --no-checkout "$root" "$tmp/repo"
		git -C "$tmp/repo" checkout -q --detach "$head"
		n="$(git -C "$tmp/repo" rev-list --first-parent --count "$head")"
		if [ "$n" -gt "$commits" ]; then
			range="$head~$commits..$head"
		else
			range="$head"
		fi
		echo "== trajectory: this repository, ${range//$head/${head:0:12}} ($(git -C "$tmp/repo" rev-list --first-parent --count "$range") commits)"
		traj=(trajectory --git "$tmp/repo" --rev-range "$range" --languages all --ast-grep "$ast_grep" -j "$jobs")
		run trajectory-json "${traj[@]}" --report
		run trajectory-human "${traj[@]}" --output-format human
		run trajectory-csv "${traj[@]}" --output-format csv
		;;
	esac
done

if [ "$differs" -ne 0 ]; then
	echo "some outputs differ (both sides in $out)"
	exit 1
fi
echo "every output is byte-identical"
