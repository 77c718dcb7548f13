#!/usr/bin/env bash
# Peak memory and time of scb-check on one huge generated Python file.
#
#   bench/huge.sh [MB]        (default 50)
#
# Writes a file of about MB megabytes of small functions (and one small
# file) into a temporary directory, then runs `scb-check check --report --disable-sg` on it twice
# under /usr/bin/time: with the default --max-file-size (the file is over
# it: skipped unread, the run stays small) and with --max-file-size 0 (the
# file is parsed and measured: what a huge file costs). Prints wall time,
# CPU time and peak RSS of each run.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
mb="${1:-50}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$repo" && go build -o "$tmp/scb-check" ./cmd/scb-check)
mkdir "$tmp/tree"
python3 - "$tmp/tree/huge.py" "$mb" <<'PY'
import sys
path, mb = sys.argv[1], int(sys.argv[2])
unit = "def f{0}(a, b={0}):\n    if a > b:\n        return [a, b, 'x{0}']\n    return None\n\n"
with open(path, "w") as out:
    n, i = 0, 0
    while n < mb * 1000000:
        s = unit.format(i)
        out.write(s)
        n += len(s)
        i += 1
PY
printf 'def small():\n    return 1\n' >"$tmp/tree/small.py"
echo "file: $(du -m "$tmp/tree/huge.py" | cut -f1) MB, $(wc -l < "$tmp/tree/huge.py") lines"
printf '%-28s %8s %8s %9s\n' run "wall s" "cpu s" "peak MB"
for mode in default unlimited; do
	args=(check --report --exit-zero --disable-sg)
	[ "$mode" = unlimited ] && args+=(--max-file-size 0)
	/usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$tmp/scb-check" "${args[@]}" "$tmp/tree" >"$tmp/out" 2>"$tmp/err" || true
	read -r wall user sys rss < <(tail -n 1 "$tmp/time")
	printf '%-28s %8s %8.2f %9d\n' "$mode max-file-size" "$wall" "$(echo "$user + $sys" | bc)" "$((rss / 1024))"
	head -c 300 "$tmp/err"
done
