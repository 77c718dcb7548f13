#!/usr/bin/env bash
# Cross-checks cyclomatic complexity against a peer tool on real code, per
# language, and prints the share of functions where both agree with the
# wall time and peak RSS of both tools.
#
#   bench/peers.sh c     # pmccabe (apt-get install pmccabe) on the C code of
#                        # Debian's libstb-dev headers (stb's single-file
#                        # libraries: implementations live in the .h files)
#
# The package is fetched with apt-get download and unpacked with dpkg-deb
# into a temporary directory; nothing is installed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
lang=${1:-c}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

measure() { # measure OUT CMD...: runs CMD, stdout to OUT, prints "secs rss_kb"
  local out=$1; shift
  /usr/bin/time -f '%e %M' -o "$work/time" "$@" >"$out" 2>"$work/err" || true
  cat "$work/time"
}

case $lang in
c)
  command -v pmccabe >/dev/null || { echo "peers: install pmccabe (apt-get install pmccabe)" >&2; exit 2; }
  (cd "$work" && apt-get download libstb-dev >/dev/null 2>&1)
  dpkg-deb -x "$work"/libstb-dev_*.deb "$work/pkg"
  tree="$work/pkg/usr/include"
  (cd "$root" && go build -o "$work/callables" ./bench/callables)
  read -r ours_s ours_kb < <(measure "$work/ours.tsv" "$work/callables" "$tree")
  # pmccabe -v columns: modified, traditional, statements, first line,
  # lines, file(line): name. Traditional counts each case, as we do.
  read -r peer_s peer_kb < <(measure "$work/peer.txt" sh -c "cd '$tree' && find . -name '*.h' | sort | xargs pmccabe")
  python3 - "$work/ours.tsv" "$work/peer.txt" "$tree" <<'PY'
import re, sys
ours, peer, tree = sys.argv[1:4]
mine = {}
for line in open(ours):
    path, start, name, cc, cog = line.rstrip("\n").split("\t")
    path = path[len(tree):].lstrip("/")
    mine[(path, name.split("::")[-1])] = (int(start), int(cc))
theirs = {}
for line in open(peer, errors="replace"):
    m = re.match(r"(\d+)\s+(\d+)\s+\d+\s+(\d+)\s+\d+\s+\./(\S+)\((\d+)\):\s+(\S+)", line)
    if m:
        theirs[(m.group(4), m.group(6))] = (int(m.group(3)), int(m.group(2)))
both = sorted(set(mine) & set(theirs))
agree = [k for k in both if mine[k][1] == theirs[k][1]]
print(f"functions: ours {len(mine)}, pmccabe {len(theirs)}, matched by file and name {len(both)}")
print(f"cyclomatic agreement: {len(agree)}/{len(both)} = {100.0 * len(agree) / max(len(both), 1):.1f}%")
diff = [k for k in both if mine[k][1] != theirs[k][1]]
for k in diff[:15]:
    print(f"  differs: {k[0]} {k[1]}: ours {mine[k][1]}, pmccabe {theirs[k][1]}")
PY
  ;;
*)
  echo "peers: no peer for $lang here (see bench/README.md)" >&2
  exit 2
  ;;
esac
echo "wall time and peak RSS: ours ${ours_s}s ${ours_kb} KB; peer ${peer_s}s ${peer_kb} KB"
