#!/usr/bin/env bash
# Runs the module's fuzz targets (go test -fuzz) one after the other, each
# for a set time, and says what each one found.
#
#   bench/fuzz.sh [FuzzName...]      (default: every Fuzz target of the module)
#
# Environment: FUZZTIME (time per target in go's -fuzztime syntax, default
# 60s; 10000x means 10000 inputs), PARALLEL (fuzzing worker processes,
# default: nproc), MINIMIZETIME (-fuzzminimizetime, how long the fuzzer may
# shrink each new input, default 10s; go's own default of 60s can take most
# of a short run on the parse targets, whose inputs are slow).
#
# One target runs at a time. A target that fails writes the failing input to
# <package>/testdata/fuzz/<FuzzName>/, from where every plain `go test` runs
# it again: fix the bug and keep the file as its regression seed. Each
# target's whole output is saved in bench/out/. The exit status is 1 when a
# target failed.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
fuzztime="${FUZZTIME:-60s}"
parallel="${PARALLEL:-$(nproc)}"
minimizetime="${MINIMIZETIME:-10s}"
cd "$repo" || exit 2
module="$(go list -m)"
mkdir -p "$here/out"
stamp="$(date +%Y%m%d-%H%M%S)"

# Every target as "package name": go test -list prints a package's matching
# tests and then "ok <package> ...".
listing="$(go test -run '^$' -list '^Fuzz' ./... 2>&1)" || {
	echo "$listing" >&2
	echo "fuzz.sh: listing the fuzz targets failed" >&2
	exit 2
}
targets=()
pending=()
while read -r first second _; do
	case "$first" in
	Fuzz*) pending+=("$first") ;;
	ok)
		for name in "${pending[@]}"; do
			targets+=("$second $name")
		done
		pending=()
		;;
	esac
done <<<"$listing"

if [ "$#" -gt 0 ]; then
	wanted=()
	for name in "$@"; do
		found=
		for t in "${targets[@]}"; do
			[ "${t#* }" = "$name" ] && wanted+=("$t") && found=1
		done
		[ -n "$found" ] || { echo "fuzz.sh: no fuzz target $name" >&2; exit 2; }
	done
	targets=("${wanted[@]}")
fi

echo "fuzzing ${#targets[@]} targets for $fuzztime each, $parallel workers"
failed=0
summary=()
for t in "${targets[@]}"; do
	pkg="${t% *}"
	name="${t#* }"
	dir=".${pkg#"$module"}"
	log="$here/out/fuzz-$stamp-$name.txt"
	echo "== $name ($dir)"
	go test -run '^$' -fuzz "^$name\$" -fuzztime "$fuzztime" -fuzzminimizetime "$minimizetime" \
		-parallel "$parallel" "$dir" >"$log" 2>&1
	status=$?
	last="$(grep '^fuzz: elapsed' "$log" | tail -n 1)"
	execs="$(sed -n 's/.*execs: \([0-9]*\).*/\1/p' <<<"$last")"
	interesting="$(sed -n 's/.*new interesting: \([0-9]*\).*/\1/p' <<<"$last")"
	nothing="nothing found (${execs:-0} inputs, ${interesting:-0} new corpus entries)"
	input="$(sed -n 's/.*Failing input written to \(.*\)$/\1/p' "$log" | head -n 1)"
	if [ "$status" -eq 0 ]; then
		line="$name: $nothing"
	elif [ -z "$input" ] && grep -q '^    context deadline exceeded$' "$log"; then
		# Go's coordinator can report its own -fuzztime deadline as a
		# failure (go.dev/issue/75804, fixed in Go 1.27): no input failed.
		line="$name: $nothing; ended by go's fuzztime race, not a failure"
	else
		failed=1
		if [ -n "$input" ]; then
			line="$name: FAILED, input kept as ${dir#./}/$input"
		else
			line="$name: FAILED without an input (see $log)"
		fi
		# The first lines of the failure say what broke.
		grep -v '^fuzz: elapsed' "$log" | head -n 25 | sed 's/^/    /'
	fi
	echo "$line"
	summary+=("$line")
done

echo
echo "== summary (FUZZTIME=$fuzztime, logs in bench/out/fuzz-$stamp-*.txt)"
printf '%s\n' "${summary[@]}"
exit "$failed"
