#!/usr/bin/env bash
# Size and load time of the HTML page of a large tree (sympy by default).
#
#   bench/html.sh [TREE]   (default: bench/corpus/sympy, built by bench/corpus.sh)
#
# Writes the check page of TREE once for each --html-source (flagged, all,
# none), prints its size in bytes and its table rows, then loads each in
# headless Chromium (Debian's) three times and prints the page's own
# count of milliseconds from navigation start to the end of its script
# (parsed and set up: tables sortable, treemap zoomable), read from the
# DOM, and the browser's wall time for --dump-dom, next to the wall time
# of a blank page (the browser's own start-up). The analysis uses a cache
# under the temporary directory, so only the first run analyses.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
tree="${1:-$here/corpus/sympy}"
[ -d "$tree" ] || { echo "html: no tree at $tree (run bench/corpus.sh sympy)" >&2; exit 2; }
command -v chromium > /dev/null || { echo "html: needs chromium (apt-get install chromium)" >&2; exit 2; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$repo" && go build -o "$tmp/scb-check" ./cmd/scb-check)
astgrep="$repo/.tools/ast-grep/node_modules/.bin/ast-grep"
[ -x "$astgrep" ] || "$repo/scripts/setup" > /dev/null

load() { # url: prints the wall seconds of a --dump-dom, the DOM into $tmp/dom
  local ud start end
  ud=$(mktemp -d "$tmp/profile.XXXXXX")
  start=$(date +%s.%N)
  timeout 300 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync --user-data-dir="$ud" \
    --dump-dom "$1" > "$tmp/dom" 2> /dev/null
  end=$(date +%s.%N)
  rm -rf "$ud"
  echo "$start $end" | awk '{printf "%.1f", $2 - $1}'
}

echo '<!DOCTYPE html><title>blank</title>' > "$tmp/blank.html"
printf 'blank page: %s s wall\n' "$(load "file://$tmp/blank.html")"
for src in flagged all none; do
  set +e
  "$tmp/scb-check" check -q --cache "$tmp/cache" --ast-grep "$astgrep" --output-format html --html-source "$src" "$tree" > "$tmp/page.html"
  code=$?
  set -e
  [ "$code" -le 1 ] || { echo "html: check failed ($code)" >&2; exit 1; }
  printf '%s: %s bytes, %s table rows\n' "--html-source $src" "$(wc -c < "$tmp/page.html")" "$(grep -o '<tr' "$tmp/page.html" | wc -l)"
  for _ in 1 2 3; do
    wall=$(load "file://$tmp/page.html")
    ready=$(grep -o 'data-ready-ms="[0-9]*"' "$tmp/dom" | grep -o '[0-9]*' || echo '?')
    printf '  ready after %s ms, %s s wall\n' "$ready" "$wall"
  done
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
