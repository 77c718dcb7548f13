#!/usr/bin/env bash
# Time and peak memory of scb-check on trees under a 1 MB .gitignore,
# before and after a change.
#
#   bench/gitignore.sh [BASE] [N...]   (default BASE 5814dea, N = 300 6000)
#
# Writes a .gitignore of just under 1 MiB (the default --max-config-size) of
# literal names (g0.o, g1.o, ...: about 115,000 patterns, none matching a
# source file) and, for each N, a tree of N small Python files in
# directories of 100 under it. Builds scb-check from the revision BASE and
# from the working tree, runs `scb-check check --report --exit-zero
# --disable-sg -j 2` on each tree with each build under /usr/bin/time,
# checks that both reports are byte-identical, and prints each run's wall
# time and peak RSS and the ratios BASE / working tree.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
base="${1:-5814dea}"
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(300 6000)
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/base-src"
git -C "$repo" archive "$base" | tar -x -C "$tmp/base-src"
(cd "$tmp/base-src" && go build -o "$tmp/scb-check-base" ./cmd/scb-check)
(cd "$repo" && go build -o "$tmp/scb-check-new" ./cmd/scb-check)
python3 - "$tmp" "${sizes[@]}" <<'PY'
import os, sys
tmp, sizes = sys.argv[1], [int(n) for n in sys.argv[2:]]
lines, size, i = [], 0, 0
while True:
    line = "g%d.o\n" % i
    if size + len(line) >= 1 << 20:
        break
    lines.append(line)
    size += len(line)
    i += 1
ignore = "".join(lines)
for n in sizes:
    root = os.path.join(tmp, "tree%d" % n)
    os.makedirs(root)
    with open(os.path.join(root, ".gitignore"), "w") as out:
        out.write(ignore)
    for k in range(n):
        d = os.path.join(root, "pkg%d" % (k // 100))
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "m%d.py" % k), "w") as out:
            out.write("def f%d(a):\n    if a:\n        return %d\n    return 0\n" % (k, k))
print("gitignore: %d bytes, %d patterns" % (size, len(lines)))
PY
printf '%6s %-12s %8s %9s\n' files build "wall s" "peak MB"
for n in "${sizes[@]}"; do
	declare -A wall=() peak=()
	for build in base new; do
		/usr/bin/time -f '%e %M' -o "$tmp/time" "$tmp/scb-check-$build" check --report --exit-zero --disable-sg -j 2 \
			"$tmp/tree$n" >"$tmp/out-$build" 2>"$tmp/err-$build"
		read -r wall[$build] rss < <(tail -n 1 "$tmp/time")
		peak[$build]=$((rss / 1024))
		label=$build
		[ "$build" = base ] && label="$base"
		printf '%6d %-12s %8s %9d\n' "$n" "$label" "${wall[$build]}" "${peak[$build]}"
	done
	if cmp -s "$tmp/out-base" "$tmp/out-new"; then same="same report"; else same="REPORTS DIFFER"; fi
	printf '%6d ratio %s / new: time %.1f, peak %.1f (%s)\n' "$n" "$base" \
		"$(echo "${wall[base]} / ${wall[new]}" | bc -l)" "$(echo "${peak[base]} / ${peak[new]}" | bc -l)" "$same"
done
