#!/usr/bin/env bash
# Time of scb-check on one generated file of N sibling one-line functions,
# for several N: the analysis of a file must grow linearly with N.
#
#   bench/scale.sh [LANGUAGE [N...]]   (default: python 25000 50000 100000)
#
# LANGUAGE is python, go, javascript or rust. Builds scb-check from this
# checkout, or uses $SCB_CHECK when set (to time another build). Each run
# is `scb-check check --report --exit-zero --disable-sg --languages all -j 1`
# under /usr/bin/time; prints wall and CPU seconds, peak RSS and the CPU
# time per thousand functions, which stays flat when the work is linear
# (CPU time, not wall time: it does not depend on what else the machine runs).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
language="${1:-python}"
shift || true
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(25000 50000 100000)
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
bin="${SCB_CHECK:-}"
if [ -z "$bin" ]; then
	bin="$tmp/scb-check"
	(cd "$repo" && go build -o "$bin" ./cmd/scb-check)
fi
printf '%-12s %9s %8s %8s %9s %14s\n' language functions "wall s" "cpu s" "peak MB" "cpu ms/1000 fn"
for n in "${counts[@]}"; do
	dir="$tmp/tree-$n"
	mkdir "$dir"
	python3 - "$dir" "$language" "$n" <<'PY'
import os, sys
d, language, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
line, ext, head = {
    "python": ("def f{0}(): return {0}\n", "py", ""),
    "go": ("func F{0}() int {{ return {0} }}\n", "go", "package gen\n\n"),
    "javascript": ("function f{0}() {{ return {0}; }}\n", "js", ""),
    "rust": ("pub fn f{0}() -> i32 {{ {0} }}\n", "rs", ""),
}[language]
with open(os.path.join(d, "gen." + ext), "w") as out:
    out.write(head)
    for i in range(n):
        out.write(line.format(i))
PY
	/usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$bin" check --report --exit-zero --disable-sg --languages all -j 1 "$dir" >"$tmp/out" 2>"$tmp/err" || {
		cat "$tmp/err" >&2
		exit 1
	}
	read -r wall user sys rss < <(tail -n 1 "$tmp/time")
	cpu="$(echo "$user + $sys" | bc)"
	printf '%-12s %9d %8s %8.2f %9d %14.1f\n' "$language" "$n" "$wall" "$cpu" "$((rss / 1024))" "$(echo "$cpu * 1000000 / $n" | bc -l)"
	rm -rf "$dir"
done
