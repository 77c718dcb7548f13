#!/usr/bin/env bash
# Times scb-check (also under --compat 0.1.3) against a parse-only baseline,
# radon and ast-grep on the corpora that bench/corpus.sh lays out, breaks
# scb-check's own analysis down by phase, and checks the targets on sympy.
#
#   bench/run.sh [corpus-name...]      (default: sympy django stdlib)
#
# Environment: JOBS (workers for scb-check and parse-only, default: nproc),
# RUNS (runs of each tool, default 3), AST_GREP (the ast-grep binary,
# default: the pinned one in .tools/, installed by scripts/setup).
#
# For every corpus each tool runs RUNS times, the tools taking turns, under
# /usr/bin/time. The table shows the median wall time, the median CPU time
# (user + sys), the largest peak RSS over the runs and the wall time of each
# run. Then bench/phases runs once. The whole output is also saved in
# bench/out/.
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
max_full_over_parts=1.25
max_clone_share=10
max_compat013_over_ours=1.3

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
# The commit measured, and whether files outside bench/ differ from it.
dirty="$(cd "$repo" && git status --porcelain -- . ':!bench' 2>/dev/null | awk '{print $NF}' | tr '\n' ' ')"
echo "commit:  $(cd "$repo" && git rev-parse --short HEAD 2>/dev/null || echo '?')${dirty:+ with uncommitted changes to: $dirty}"
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
have_phases=
if [ -n "$have_ours" ] && (cd "$repo" && go build -o "$tmp/phases" ./bench/phases); then
	have_phases=1
	echo "phases:    built"
else
	echo "phases:    not built"
fi

# ast-grep: the pinned CLI, and the whole catalog in one rule file, as
# scb-check passes it (rules/astgrep.go): the documents joined with "---",
# and a project configuration that reads no sgconfig.yml of the corpus and
# takes .pyw files for Python.
sg="${AST_GREP:-$repo/.tools/ast-grep/node_modules/.bin/ast-grep}"
if [ -z "${AST_GREP:-}" ] && [ ! -x "$sg" ]; then
	echo "ast-grep: not installed, running scripts/setup"
	bash "$repo/scripts/setup" >/dev/null || true
fi
have_sg=
if sg_version="$("$sg" --version 2>/dev/null)"; then
	have_sg=1
	mkdir -p "$tmp/sg"
	first=1
	for f in "$repo"/rules/builtin/python/*.yml; do
		[ -n "$first" ] || printf '\n---\n'
		first=
		cat "$f"
	done >"$tmp/sg/rules.yml"
	printf 'ruleDirs: []\nlanguageGlobs:\n  python: ["*.pyw"]\n' >"$tmp/sg/sgconfig.yml"
	echo "ast-grep:  $sg_version, $(grep -c '^id:' "$tmp/sg/rules.yml") rules in the combined rule file"
else
	echo "ast-grep:  not found at $sg; measuring without scb-check full and ast-grep alone"
fi
echo

# python_files DIR: the .py and .pyw files scb-check analyses under DIR (it
# prunes these directory names at any depth below the root, and with
# --include-all reads no ignore file), one per line, sorted.
python_files() {
	find "$1" -mindepth 1 -type d \( -name .git -o -name .venv -o -name venv -o -name env -o -name .env \
		-o -name __pycache__ -o -name build -o -name dist -o -name node_modules -o -name site-packages \
		-o -name .mypy_cache -o -name .pytest_cache -o -name .ruff_cache -o -name .tox -o -name target \) -prune \
		-o -type f \( -name '*.py' -o -name '*.pyw' \) -print | LC_ALL=C sort
}

# measure LABEL RUN DIR CMD...: runs CMD in DIR under /usr/bin/time and
# appends "wall cpu peakKB status" to $tmp/LABEL. The output goes to
# /dev/null, but that of the first runs of parse-only and of both scb-check
# modes is kept to compare their file and node counts.
measure() {
	local label="$1" run="$2" dir="$3"
	shift 3
	local tf="$tmp/time.$label" out=/dev/null
	case "$label" in ours | full | parse) [ "$run" = 1 ] && out="$tmp/out.$label" ;; esac
	(cd "$dir" && /usr/bin/time -o "$tf" -f '%e %U %S %M' "$@" >"$out" 2>"$tmp/err.$label.$run")
	local status=$?
	# ast-grep exits 0 but prints ERROR: lines for paths it cannot read.
	if [ "$status" -eq 0 ] && [ "$label" = sgalone ] && grep -q '^ *ERROR:' "$tmp/err.$label.$run"; then
		status=1
	fi
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

# verdict VALUE le|lt|ge TARGET: PASS or FAIL.
verdict() {
	awk -v v="$1" -v op="$2" -v t="$3" 'BEGIN {
		ok = (op == "le") ? v <= t : (op == "lt") ? v < t : v >= t
		print (ok ? "PASS" : "FAIL")
	}'
}

# busy: seconds of CPU time the whole machine has spent busy since boot.
hz="$(getconf CLK_TCK)"
busy() { awk -v hz="$hz" '$1 == "cpu" { print ($2 + $3 + $4 + $7 + $8 + $9) / hz }' /proc/stat; }

declare -A tool_name=([ours]=scb-check [compat013]="scb-check 0.1.3" [full]="scb-check full" [sgalone]="ast-grep alone" [parse]=parse-only [radon]="radon cc")
labels=(ours compat013 full sgalone parse radon)
fails=0
for name in "$@"; do
	dir="$corpus/$name"
	mapfile -t pyfiles < <(python_files "$dir")
	# Warm the page cache so that no tool pays for the first read.
	find "$dir" -type f \( -name '*.py' -o -name '*.pyw' -o -name '*.rs' \) -exec cat {} + >/dev/null
	busy_before="$(busy)"
	start="$(date +%s.%N)"
	for label in "${labels[@]}"; do rm -f "$tmp/$label"; done
	for run in $(seq "$runs"); do
		if [ -n "$have_ours" ]; then
			measure ours "$run" "$tmp" "$tmp/scb-check" check --report --exit-zero --disable-sg -j "$jobs" "$dir"
			# The same analysis under the 0.1.3 compatibility profile
			# (block clones, its SLOC and wrappers, .py files only).
			measure compat013 "$run" "$tmp" "$tmp/scb-check" check --report --exit-zero --disable-sg --compat 0.1.3 \
				-j "$jobs" "$dir"
			# The SlopCodeBench mode: every rule of the catalog, hint and
			# info ones too, run by one ast-grep process beside our own
			# analysis.
			if [ -n "$have_sg" ]; then
				measure full "$run" "$tmp" "$tmp/scb-check" check --report --exit-zero --include-all \
					--ast-grep "$sg" -j "$jobs" "$dir"
			fi
		fi
		# ast-grep by itself, given what scb-check gives it: the combined
		# rule file, every rule a warning (so every match is printed), the
		# Python files scb-check found, the worker count as thread count.
		if [ -n "$have_sg" ] && [ "${#pyfiles[@]}" -gt 0 ]; then
			measure sgalone "$run" "$tmp/sg" "$sg" scan --config "$tmp/sg/sgconfig.yml" --rule "$tmp/sg/rules.yml" \
				--warning --json=compact --inspect summary --color never --threads "$jobs" \
				--no-ignore hidden --no-ignore dot --no-ignore exclude \
				--no-ignore global --no-ignore parent --no-ignore vcs \
				-- "${pyfiles[@]}"
		fi
		measure parse "$run" "$tmp" "$tmp/parseonly" -j "$jobs" "$dir"
		# radon cc has no worker option: it is one process. -j selects JSON
		# output, which lists every block of every rank (A to F). It runs in
		# $tmp so that no setup.cfg or pyproject.toml configures it.
		measure radon "$run" "$tmp" radon cc -j "$dir"
	done
	# CPU time the machine spent on anything but the measured runs.
	other="$(for label in "${labels[@]}"; do [ -f "$tmp/$label" ] && cat "$tmp/$label"; done |
		awk -v b0="$busy_before" -v b1="$(busy)" -v t0="$start" -v t1="$(date +%s.%N)" '
			{ ours += $2 }
			END {
				o = b1 - b0 - ours; if (o < 0) o = 0
				printf "%.1f cpu s in %.0f s (%.2f cores)", o, t1 - t0, o / (t1 - t0)
				if (o / (t1 - t0) > 0.1) printf "  WARNING: the figures are not clean"
			}')"

	files="$(awk '{print $2}' "$tmp/out.parse")"
	nodes="$(awk '{print $6}' "$tmp/out.parse")"
	mb="$(awk '{printf "%.1f", $4 / 1048576}' "$tmp/out.parse")"
	echo "== $name: $files files ($mb MB), ${#pyfiles[@]} of them Python; -j $jobs; median of $runs runs"
	printf '%-15s %8s %8s %8s  %s\n' tool "wall s" "cpu s" "peak MB" "wall s of each run"
	declare -A wall=() cpu=() peak=() bad=()
	for label in "${labels[@]}"; do
		[ -s "$tmp/$label" ] || continue
		read -r "wall[$label]" "cpu[$label]" "peak[$label]" "bad[$label]" <<<"$(summary "$label")"
		note=
		[ "${bad[$label]}" -gt 0 ] && note="  (${bad[$label]} runs failed)"
		printf '%-15s %8s %8s %8s  %s%s\n' "${tool_name[$label]}" "${wall[$label]}" "${cpu[$label]}" "${peak[$label]}" \
			"$(awk '{printf "%s%s", sep, $1; sep = " "}' "$tmp/$label")" "$note"
	done
	printf '%-24s %6sx wall %6sx cpu\n' radon/parse-only \
		"$(ratio "${wall[radon]}" "${wall[parse]}")" "$(ratio "${cpu[radon]}" "${cpu[parse]}")"
	if [ -n "$have_ours" ]; then
		over_parse="$(ratio "${wall[ours]}" "${wall[parse]}")"
		radon_over="$(ratio "${wall[radon]}" "${wall[ours]}")"
		printf '%-24s %6sx wall %6sx cpu\n' ours/parse-only "$over_parse" "$(ratio "${cpu[ours]}" "${cpu[parse]}")"
		printf '%-24s %6sx wall %6sx cpu\n' radon/ours "$radon_over" "$(ratio "${cpu[radon]}" "${cpu[ours]}")"
		compat_over=
		if [ -n "${wall[compat013]:-}" ]; then
			compat_over="$(ratio "${wall[compat013]}" "${wall[ours]}")"
			printf '%-24s %6sx wall %6sx cpu\n' "0.1.3/ours" "$compat_over" "$(ratio "${cpu[compat013]}" "${cpu[ours]}")"
		fi
		full_over=
		if [ -n "${wall[full]:-}" ] && [ -n "${wall[sgalone]:-}" ]; then
			parts="$(awk -v a="${wall[ours]}" -v b="${wall[sgalone]}" 'BEGIN { print (a > b) ? a : b }')"
			full_over="$(ratio "${wall[full]}" "$parts")"
			printf '%-24s %6sx wall  (max(scb-check, ast-grep alone) = %s s)\n' "full/max(ours,ast-grep)" "$full_over" "$parts"
			printf '%-24s %6sx wall %6sx cpu\n' "full/ast-grep alone" \
				"$(ratio "${wall[full]}" "${wall[sgalone]}")" "$(ratio "${cpu[full]}" "${cpu[sgalone]}")"
			both="$(awk -v a="${cpu[ours]}" -v b="${cpu[sgalone]}" 'BEGIN { printf "%.2f", a + b }')"
			printf '%-24s %6sx cpu   (scb-check + ast-grep alone = %s cpu s)\n' "full/(ours+ast-grep)" \
				"$(ratio "${cpu[full]}" "$both")" "$both"
			# Running both at once cannot take less wall time than their
			# CPU time spread over every core.
			printf '%-24s %6sx wall  ((scb-check + ast-grep alone cpu) / %s cores / max)\n' "floor of full/max" \
				"$(awk -v c="$both" -v n="$(nproc)" -v m="$parts" 'BEGIN { f = c / n / m; printf "%.2f", (f > 1) ? f : 1 }')" "$(nproc)"
		fi
		if [ "$name" = sympy ]; then
			v1="$(verdict "$over_parse" le "$max_over_parse")"
			v2="$(verdict "$radon_over" ge "$min_radon_over_ours")"
			v3="$(verdict "${peak[ours]}" le "$max_peak_mb")"
			if [ "${bad[ours]}" -gt 0 ]; then
				v1=FAIL v2=FAIL v3=FAIL
				echo "scb-check failed; targets not met"
			fi
			if [ -z "$full_over" ]; then
				v4=FAIL
				echo "scb-check full or ast-grep alone did not run; target not met"
			else
				v4="$(verdict "$full_over" le "$max_full_over_parts")"
				if [ "${bad[full]}" -gt 0 ] || [ "${bad[sgalone]}" -gt 0 ]; then
					v4=FAIL
					echo "scb-check full or ast-grep alone failed; target not met"
				fi
			fi
			echo "target: ours/parse-only wall <= ${max_over_parse}x                   $v1"
			echo "target: radon/ours wall >= ${min_radon_over_ours}x                       $v2"
			echo "target: ours peak RSS <= ${max_peak_mb} MB                     $v3"
			echo "target: full/max(ours, ast-grep alone) wall <= ${max_full_over_parts}x $v4"
			if [ -z "$compat_over" ] || [ "${bad[compat013]}" -gt 0 ]; then
				v6=FAIL
				echo "scb-check 0.1.3 did not run or failed; target not met"
			else
				v6="$(verdict "$compat_over" le "$max_compat013_over_ours")"
			fi
			echo "target: 0.1.3/ours wall <= ${max_compat013_over_ours}x                       $v6"
			for v in "$v1" "$v2" "$v3" "$v4" "$v6"; do
				[ "$v" = PASS ] || fails=$((fails + 1))
			done
		fi
		# Both must have parsed the same files into the same trees.
		our_files="$(grep -o '"files_scanned": *[0-9]*' "$tmp/out.ours" | grep -o '[0-9]*$')"
		our_nodes="$(grep -o '"syntax_node_count": *[0-9]*' "$tmp/out.ours" | grep -o '[0-9]*$')"
		if [ "$our_files" = "$files" ] && [ "$our_nodes" = "$nodes" ]; then
			echo "same work: scb-check and parse-only both parsed $files files into $nodes nodes"
		else
			echo "NOTE: scb-check reported ${our_files:-?} files, ${our_nodes:-?} nodes; parse-only $files files, $nodes nodes"
			echo "      (scb-check -vv names the files it did not analyse)"
		fi
		if [ -s "$tmp/out.full" ]; then
			full_files="$(grep -o '"files_scanned": *[0-9]*' "$tmp/out.full" | grep -o '[0-9]*$')"
			full_nodes="$(grep -o '"syntax_node_count": *[0-9]*' "$tmp/out.full" | grep -o '[0-9]*$')"
			if [ "$full_files" != "$our_files" ] || [ "$full_nodes" != "$our_nodes" ]; then
				echo "NOTE: scb-check full reported ${full_files:-?} files, ${full_nodes:-?} nodes; with --disable-sg ${our_files:-?}, ${our_nodes:-?}"
			fi
		fi
	elif [ "$name" = sympy ]; then
		echo "targets: not checked, scb-check did not build"
		fails=$((fails + 1))
	fi
	echo "other work on the machine meanwhile: $other"

	# Where scb-check's own analysis time goes: one single-threaded run.
	if [ -n "$have_phases" ]; then
		echo "-- phases of scb-check's analysis (bench/phases: one run, one thread)"
		if "$tmp/phases" "$dir" >"$tmp/out.phases" 2>"$tmp/err.phases"; then
			sed 's/^/  /' "$tmp/out.phases"
			share="$(sed -n 's/^clone share \([0-9.]*\)%.*/\1/p' "$tmp/out.phases")"
			if [ "$name" = sympy ]; then
				v5="$(verdict "${share:-100}" lt "$max_clone_share")"
				echo "target: clone share < ${max_clone_share}%  $v5"
				[ "$v5" = PASS ] || fails=$((fails + 1))
			fi
		else
			echo "  phases failed:"
			tail -n 5 "$tmp/err.phases" | sed 's/^/    /'
			[ "$name" = sympy ] && fails=$((fails + 1))
		fi
	elif [ "$name" = sympy ]; then
		echo "target: clone share not checked, bench/phases did not build"
		fails=$((fails + 1))
	fi
	echo
	unset wall cpu peak bad
done

echo "saved in bench/out/$(basename "$outfile")"
[ "$fails" -eq 0 ]
