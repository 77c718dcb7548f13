#!/usr/bin/env bash
# Time of scb-check's text and human output against the size of one clone
# group: N identical functions, for each N given.
#
#   bench/clone-group.sh [N...]        (default 5000 10000 20000 50000)
#
# Writes N copies of one small function (each its own name, one file of
# 1,000 functions per 1,000) into a temporary directory and runs
# `scb-check check --disable-sg --exit-zero` on it with --output-format text and
# with the human output, under /usr/bin/time. Prints each run's wall time
# and peak RSS and, from the second N on, the time ratio to the previous N
# beside the size ratio: linear growth keeps the two close (a quadratic
# writer makes the time ratio the square of the size ratio).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(5000 10000 20000 50000)
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$repo" && go build -o "$tmp/scb-check" ./cmd/scb-check)
printf '%-7s %-6s %8s %9s %8s %8s %9s\n' N format "wall s" "peak MB" "lines" "N ratio" "t ratio"
declare -A prev_time
prev_n=""
for n in "${sizes[@]}"; do
	tree="$tmp/tree$n"
	mkdir "$tree"
	python3 - "$tree" "$n" <<'PY'
import os, sys
tree, n = sys.argv[1], int(sys.argv[2])
body = "    total = 0\n    for item in items:\n        if item > limit:\n            total += item\n    return total\n"
per = 1000
for start in range(0, n, per):
    with open(os.path.join(tree, "m%06d.py" % start), "w") as out:
        for i in range(start, min(n, start + per)):
            out.write("def f%d(items, limit):\n%s\n" % (i, body))
PY
	for format in text human; do
		args=(check --disable-sg --exit-zero)
		[ "$format" = text ] && args+=(--output-format text)
		/usr/bin/time -f '%e %M' -o "$tmp/time" "$tmp/scb-check" "${args[@]}" "$tree" >"$tmp/out" 2>"$tmp/err" || {
			echo "scb-check failed on N=$n ($format):" >&2
			head -c 500 "$tmp/err" >&2
			exit 1
		}
		read -r wall rss < <(tail -n 1 "$tmp/time")
		nratio="" tratio=""
		if [ -n "$prev_n" ]; then
			nratio="$(echo "scale=2; $n / $prev_n" | bc)"
			tratio="$(echo "scale=2; $wall / ${prev_time[$format]}" | bc)"
		fi
		printf '%-7s %-6s %8s %9d %8d %8s %9s\n' "$n" "$format" "$wall" "$((rss / 1024))" "$(wc -l <"$tmp/out")" "$nratio" "$tratio"
		prev_time[$format]="$wall"
	done
	prev_n="$n"
	rm -rf "$tree"
done
