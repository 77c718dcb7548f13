#!/usr/bin/env bash
# What the completeness checks of an ast-grep scan cost (issue 15, point
# 6): the pinned ast-grep over a tree's Python files with the whole
# catalog, as rules/astgrep.go runs it (--json=compact --inspect summary:
# a JSON array and a file summary on stderr), against the line stream it
# printed before (--json=stream), taking turns, RUNS times each. Prints the
# median CPU and wall time of each and their ratio, and whether both
# printed the same matches.
#
#   bench/astgrep-output.sh [DIR]   (default: the Python standard library)
#
# Environment: RUNS (default 5), JOBS (ast-grep threads, default nproc),
# AST_GREP (default: the pinned one in .tools/).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
dir="${1:-$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])')}"
runs="${RUNS:-5}"
jobs="${JOBS:-$(nproc)}"
sg="${AST_GREP:-$repo/.tools/ast-grep/node_modules/.bin/ast-grep}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

first=1
for f in "$repo"/rules/builtin/python/*.yml; do
	[ -n "$first" ] || printf '\n---\n'
	first=
	cat "$f"
done >"$tmp/rules.yml"
printf 'ruleDirs: []\nlanguageGlobs:\n  python: ["*.pyw"]\n' >"$tmp/sgconfig.yml"
find "$dir" -type f \( -name '*.py' -o -name '*.pyw' \) -print0 | LC_ALL=C sort -z >"$tmp/files"
echo "ast-grep $("$sg" --version), $(grep -c '^id:' "$tmp/rules.yml") rules, $(tr -cd '\0' <"$tmp/files" | wc -c) files under $dir"

common=(scan --config "$tmp/sgconfig.yml" --rule "$tmp/rules.yml" --warning --color never --threads "$jobs"
	--no-ignore hidden --no-ignore dot --no-ignore exclude --no-ignore global --no-ignore parent --no-ignore vcs)
for ((i = 0; i < runs; i++)); do
	/usr/bin/time -f '%e %U %S' -a -o "$tmp/t-stream" \
		xargs -0 -a "$tmp/files" "$sg" "${common[@]}" --json=stream -- >"$tmp/out-stream"
	/usr/bin/time -f '%e %U %S' -a -o "$tmp/t-array" \
		xargs -0 -a "$tmp/files" "$sg" "${common[@]}" --json=compact --inspect summary -- >"$tmp/out-array" 2>/dev/null
done

# median FILE COLUMN-EXPR: the median over the runs.
median() { awk "{print $2}" "$1" | sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
for m in stream array; do
	printf '%-7s wall %6.2f s  cpu %6.2f s\n' "$m" "$(median "$tmp/t-$m" '$1')" "$(median "$tmp/t-$m" '$2 + $3')"
done
awk -v a="$(median "$tmp/t-array" '$2 + $3')" -v b="$(median "$tmp/t-stream" '$2 + $3')" \
	'BEGIN { printf "array/stream cpu %.3fx\n", a / b }'
python3 - "$tmp/out-stream" "$tmp/out-array" <<'PY'
import json, sys
# xargs may split the list over several processes: one array each.
stream = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
dec, text, arrays, i = json.JSONDecoder(), open(sys.argv[2]).read(), [], 0
while text[i:].strip():
    while text[i].isspace():
        i += 1
    v, i = dec.raw_decode(text, i)
    arrays.extend(v)
key = lambda m: json.dumps(m, sort_keys=True)
print("same matches:", sorted(map(key, stream)) == sorted(map(key, arrays)), len(stream))
PY
