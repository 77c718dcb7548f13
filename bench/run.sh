#!/usr/bin/env bash
# Times scb-check against a parse-only baseline and radon on the corpora that
# bench/corpus.sh lays out, and checks the targets on sympy.
#
#   bench/run.sh [corpus-name...]      (default: sympy django stdlib)
#
# Environment: JOBS (workers for scb-check and parse-only, default: nproc),
# RUNS (runs of each tool, default 3).
#
# For every corpus each tool runs RUNS times, the tools taking turns, under
# /usr/bin/time. The table shows the median wall time, the median CPU time
# (user + sys) and the largest peak RSS over the runs. The whole output is
# also saved in bench/out/.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
corpus="$here/corpus"
jobs="${JOBS:-$(nproc)}"
runs="${RUNS:-3}"
[ "$#" -gt 0 ] || set -- sympy django stdlib

# Targets, checked on sympy.
max_over_parse=1.5
min_radon_over_ours=4
max_peak_mb=500

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$here/out"
outfile="$here/out/run-$(date +%Y%m%d-%H%M%S).txt"
exec > >(tee "$outfile") 2>&1

# Corpora and tools.
need_corpus=
for name in "$@"; do
	[ -d "$corpus/$name" ] || need_corpus=1
done
if [ -n "$need_corpus" ] || ! command -v radon >/dev/null 2>&1 || [ ! -x /usr/bin/time ]; then
	bash "$here/corpus.sh" || exit 1
fi
for name in "$@"; do
	if [ ! -d "$corpus/$name" ]; then
		echo "no corpus $name in $corpus (bench/corpus.sh makes sympy, django, stdlib)"
		exit 1
	fi
done

echo "== machine"
echo "cpus:    $(nproc) x $(lscpu | sed -n 's/^Model name:[[:space:]]*//p' | head -n1)"
echo "memory:  $(free -h | awk '/^Mem:/ {print $2}')"
echo "kernel:  $(uname -sr)"
echo "go:      $(cd "$repo" && go version)"
radon_py="$(head -n1 "$(command -v radon)" | sed -n 's/^#![[:space:]]*\([^[:space:]]*\).*/\1/p')"
echo "radon:   $(radon --version) (${radon_py:-?}: $("${radon_py:-python3}" --version 2>&1))"
echo "jobs:    $jobs, runs: $runs"
echo

echo "== build"
have_ours=1
if (cd "$repo" && go build -o "$tmp/scb-check" ./cmd/scb-check) >"$tmp/build.log" 2>&1; then
	echo "scb-check: built"
else
	have_ours=
	echo "scb-check: BUILD FAILED, measuring the other tools only:"
	sed 's/^/  /' "$tmp/build.log" | tail -n 20
fi
if ! (cd "$repo" && go build -o "$tmp/parseonly" ./bench/parseonly); then
	echo "parseonly: build failed"
	exit 1
fi
echo "parseonly: built"
echo

# measure LABEL RUN DIR CMD...: runs CMD in DIR under /usr/bin/time and
# appends "wall cpu peakKB status" to $tmp/LABEL. The output goes to
# /dev/null, but that of the first runs of parse-only and scb-check is kept
# to compare their file and node counts.
measure() {
	local label="$1" run="$2" dir="$3"
	shift 3
	local tf="$tmp/time.$label" out=/dev/null
	[ "$label" != radon ] && [ "$run" = 1 ] && out="$tmp/out.$label"
	(cd "$dir" && /usr/bin/time -o "$tf" -f '%e %U %S %M' "$@" >"$out" 2>"$tmp/err.$label.$run")
	local status=$?
	tail -n1 "$tf" | awk -v s="$status" '{printf "%s %.2f %s %s\n", $1, $2 + $3, $4, s}' >>"$tmp/$label"
	if [ "$status" -ne 0 ]; then
		echo "  $label run $run exited with status $status:"
		tail -n 5 "$tmp/err.$label.$run" | sed 's/^/    /'
	fi
}

# summary LABEL: prints "wall cpu peakMB failures" over the runs of LABEL:
# the median wall and CPU times, the largest peak RSS, the failed runs.
summary() {
	local f="$tmp/$1" m
	m=$((($(wc -l <"$f") + 1) / 2))
	printf '%s %s %s %s\n' \
		"$(awk '{print $1}' "$f" | sort -n | sed -n "${m}p")" \
		"$(awk '{print $2}' "$f" | sort -n | sed -n "${m}p")" \
		"$(awk '$3 > p {p = $3} END {printf "%.1f", p / 1024}' "$f")" \
		"$(awk '$4 != 0' "$f" | wc -l)"
}

# ratio A B: A/B with two decimals.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "inf" }'; }

# verdict VALUE le|ge TARGET: PASS or FAIL.
verdict() { awk -v v="$1" -v op="$2" -v t="$3" 'BEGIN { ok = (op == "le") ? v <= t : v >= t; print (ok ? "PASS" : "FAIL") }'; }

# busy: seconds of CPU time the whole machine has spent busy since boot.
hz="$(getconf CLK_TCK)"
busy() { awk -v hz="$hz" '$1 == "cpu" { print ($2 + $3 + $4 + $7 + $8 + $9) / hz }' /proc/stat; }

declare -A tool_name=([ours]=scb-check [parse]=parse-only [radon]="radon cc")
fails=0
for name in "$@"; do
	dir="$corpus/$name"
	# Warm the page cache so that no tool pays for the first read.
	find "$dir" -type f \( -name '*.py' -o -name '*.pyw' -o -name '*.rs' \) -exec cat {} + >/dev/null
	busy_before="$(busy)"
	start="$(date +%s.%N)"
	rm -f "$tmp/ours" "$tmp/parse" "$tmp/radon"
	for run in $(seq "$runs"); do
		if [ -n "$have_ours" ]; then
			measure ours "$run" "$tmp" "$tmp/scb-check" check --report --exit-zero --disable-sg -j "$jobs" "$dir"
		fi
		measure parse "$run" "$tmp" "$tmp/parseonly" -j "$jobs" "$dir"
		# radon cc has no worker option: it is one process. -j selects JSON
		# output, which lists every block of every rank (A to F). It runs in
		# $tmp so that no setup.cfg or pyproject.toml configures it.
		measure radon "$run" "$tmp" radon cc -j "$dir"
	done

	files="$(awk '{print $2}' "$tmp/out.parse")"
	nodes="$(awk '{print $6}' "$tmp/out.parse")"
	mb="$(awk '{printf "%.1f", $4 / 1048576}' "$tmp/out.parse")"
	echo "== $name: $files files, $mb MB; -j $jobs; median of $runs runs"
	printf '%-12s %8s %8s %8s\n' tool "wall s" "cpu s" "peak MB"
	declare -A wall=() cpu=() peak=() bad=()
	for label in ours parse radon; do
		[ -s "$tmp/$label" ] || continue
		read -r "wall[$label]" "cpu[$label]" "peak[$label]" "bad[$label]" <<<"$(summary "$label")"
		note=
		[ "${bad[$label]}" -gt 0 ] && note="  (${bad[$label]} runs failed)"
		printf '%-12s %8s %8s %8s%s\n' "${tool_name[$label]}" "${wall[$label]}" "${cpu[$label]}" "${peak[$label]}" "$note"
	done
	printf '%-17s %6sx wall %6sx cpu\n' radon/parse-only \
		"$(ratio "${wall[radon]}" "${wall[parse]}")" "$(ratio "${cpu[radon]}" "${cpu[parse]}")"
	if [ -n "$have_ours" ]; then
		over_parse="$(ratio "${wall[ours]}" "${wall[parse]}")"
		radon_over="$(ratio "${wall[radon]}" "${wall[ours]}")"
		printf '%-17s %6sx wall %6sx cpu\n' ours/parse-only "$over_parse" "$(ratio "${cpu[ours]}" "${cpu[parse]}")"
		printf '%-17s %6sx wall %6sx cpu\n' radon/ours "$radon_over" "$(ratio "${cpu[radon]}" "${cpu[ours]}")"
		if [ "$name" = sympy ]; then
			v1="$(verdict "$over_parse" le "$max_over_parse")"
			v2="$(verdict "$radon_over" ge "$min_radon_over_ours")"
			v3="$(verdict "${peak[ours]}" le "$max_peak_mb")"
			if [ "${bad[ours]}" -gt 0 ]; then
				v1=FAIL v2=FAIL v3=FAIL
				echo "scb-check failed; targets not met"
			fi
			echo "target: ours/parse-only wall <= ${max_over_parse}x  $v1"
			echo "target: radon/ours wall >= ${min_radon_over_ours}x      $v2"
			echo "target: ours peak RSS <= ${max_peak_mb} MB    $v3"
			for v in "$v1" "$v2" "$v3"; do
				[ "$v" = PASS ] || fails=$((fails + 1))
			done
		fi
		# Both must have parsed the same files into the same trees.
		our_files="$(grep -o '"files_scanned": *[0-9]*' "$tmp/out.ours" | grep -o '[0-9]*$')"
		our_nodes="$(grep -o '"syntax_node_count": *[0-9]*' "$tmp/out.ours" | grep -o '[0-9]*$')"
		if [ "$our_files" = "$files" ] && [ "$our_nodes" = "$nodes" ]; then
			echo "same work: both parsed $files files into $nodes nodes"
		else
			echo "NOTE: scb-check reported ${our_files:-?} files, ${our_nodes:-?} nodes; parse-only $files files, $nodes nodes"
			echo "      (scb-check -vv names the files it did not analyse)"
		fi
	elif [ "$name" = sympy ]; then
		echo "targets: not checked, scb-check did not build"
		fails=$((fails + 1))
	fi
	# CPU time the machine spent on anything but the measured runs.
	other="$(cat "$tmp/ours" "$tmp/parse" "$tmp/radon" 2>/dev/null |
		awk -v b0="$busy_before" -v b1="$(busy)" -v t0="$start" -v t1="$(date +%s.%N)" '
			{ ours += $2 }
			END {
				o = b1 - b0 - ours; if (o < 0) o = 0
				printf "%.1f cpu s in %.0f s (%.2f cores)", o, t1 - t0, o / (t1 - t0)
				if (o / (t1 - t0) > 0.1) printf "  WARNING: the figures are not clean"
			}')"
	echo "other work on the machine meanwhile: $other"
	echo
	unset wall cpu peak bad
done

echo "saved in bench/out/$(basename "$outfile")"
[ "$fails" -eq 0 ]
