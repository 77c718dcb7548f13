#!/usr/bin/env bash
# Peak memory of scb-check on one and on several large dense Python files.
#
#   bench/memory.sh [MB] [N]        (default 19 MB, N = 4 files)
#
# Writes N different Python files of about MB megabytes each of dense code
# (short functions of long arithmetic expressions: many syntax nodes per
# byte), under the default --max-file-size of 20 MB, then runs
# `scb-check check --report --exit-zero --disable-sg` (default -j: every
# core) under /usr/bin/time on a tree holding one of them and on a tree
# holding all N. Prints each run's wall time and peak RSS, and the ratio of
# the two peaks: with files this large parsed one at a time, it stays near
# 1 (the target is at most 1.3); parsed together, it nears the number of
# files parsed at once.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
mb="${1:-19}"
n="${2:-4}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$repo" && go build -o "$tmp/scb-check" ./cmd/scb-check)
mkdir "$tmp/one" "$tmp/all"
python3 - "$tmp/all" "$mb" "$n" <<'PY'
import os, sys
out_dir, mb, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
terms = "a+b*c-d/e%f+(a-b)*(c+d)-e*f+a*b-c*d+e-f"
for k in range(n):
    with open(os.path.join(out_dir, "dense%d.py" % k), "w") as out:
        size, i = 0, 0
        while size < mb * 1000000:
            s = "def f%d_%d(a, b, c, d, e, f):\n    return %s+%d\n\n" % (k, i, terms, i)
            out.write(s)
            size += len(s)
            i += 1
PY
cp "$tmp/all/dense0.py" "$tmp/one/"
printf 'files: %d of %s MB, %s lines each\n' "$n" "$(du -m "$tmp/one/dense0.py" | cut -f1)" "$(wc -l <"$tmp/one/dense0.py")"
printf '%-10s %8s %8s %9s\n' tree "wall s" "cpu s" "peak MB"
declare -A peak
for tree in one all; do
	/usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$tmp/scb-check" check --report --exit-zero --disable-sg "$tmp/$tree" >"$tmp/out" 2>"$tmp/err" || {
		echo "scb-check failed on $tree:" >&2
		head -c 500 "$tmp/err" >&2
		exit 1
	}
	read -r wall user sys rss < <(tail -n 1 "$tmp/time")
	peak[$tree]="$rss"
	printf '%-10s %8s %8.2f %9d\n' "$tree" "$wall" "$(echo "$user + $sys" | bc)" "$((rss / 1024))"
done
printf 'peak ratio (%d files / 1 file): %s (cores: %s)\n' "$n" "$(echo "scale=2; ${peak[all]} / ${peak[one]}" | bc)" "$(nproc)"
