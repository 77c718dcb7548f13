#!/usr/bin/env bash
# Cross-checks scb-check's cyclomatic complexity for JavaScript against
# ESLint's `complexity` rule (threshold 0, so every function reports).
#
#   bench/eslint.sh [DIR]
#
# Without DIR, ESLint and the lodash package are installed with npm into
# bench/corpus/.eslint/ (git-ignored, a dot directory so that Go skips
# the Go files some npm packages carry; never globally) and lodash's own
# files are checked. Prints:
#   - the bench row: wall time and peak RSS of `eslint` (the complexity
#     rule alone) and of `scb-check check --disable-sg --languages
#     javascript` on the same files;
#     Minified files (*.min.js) are timed but not matched: many functions share a line.
#   - the agreement share over the functions both tools see as functions
#     (matched by file and start line; ESLint's functions that are not
#     scb-check callables, such as callbacks, are counted apart);
#   - the disagreements grouped by cause: ESLint 9 counts `?.` links and
#     default values, scb-check does not; scb-check counts the functions
#     nested in a function as part of it, ESLint does not. A disagreement
#     these causes do not explain is listed as unexplained.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
prefix="$here/corpus/.eslint"
eslint_version=9.39.5
lodash_version=4.18.1

if [ ! -x "$prefix/node_modules/.bin/eslint" ]; then
	mkdir -p "$prefix"
	npm install --prefix "$prefix" --no-audit --no-fund "eslint@$eslint_version" "lodash@$lodash_version" >&2
fi
dir="$(cd "${1:-$prefix/node_modules/lodash}" && pwd)"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/scb-check" ./cmd/scb-check && go build -o "$tmp/callables" ./bench/callables)

(cd "$dir" && find . -type f \( -name '*.js' -o -name '*.mjs' -o -name '*.cjs' -o -name '*.jsx' \) \
	-not -path '*/node_modules/*' | sed "s|^\.|$dir|" | sort) >"$tmp/files"
nfiles=$(wc -l <"$tmp/files")
# Minified files are timed but not matched: many functions share a line.
grep -v '\.min\.js$' "$tmp/files" >"$tmp/matched" || true

# The bench row: each tool once over the same files, timed by GNU time.
measure() { # label command...
	local label=$1
	shift
	/usr/bin/time -f '%e %M' -o "$tmp/time" "$@" >/dev/null 2>&1 || true
	read -r wall rss < <(tail -n 1 "$tmp/time")
	printf '%-10s %8s s %8.1f MB\n' "$label" "$wall" "$(echo "$rss / 1024" | bc -l)"
}
echo "files: $nfiles under $dir (ESLint $eslint_version)"
measure eslint sh -c "cd '$dir' && xargs -a '$tmp/files' '$prefix/node_modules/.bin/eslint' --no-config-lookup \
	--no-ignore --format json --rule '{\"complexity\": [\"error\", 0]}'"
measure scb-check "$tmp/scb-check" check --report --disable-sg --include-all --languages javascript "$dir"

# Per function: ESLint's count with its causes, and ours.
(cd "$prefix" && xargs -a "$tmp/matched" node "$here/eslint-complexity.mjs") >"$tmp/eslint.tsv"
"$tmp/callables" "$dir" >"$tmp/ours.tsv"

python3 - "$tmp/eslint.tsv" "$tmp/ours.tsv" "$dir" <<'PY'
import collections, sys

eslint_path, ours_path, base = sys.argv[1:4]
seen_files = set()
rel = lambda p: p[len(base) + 1:] if p.startswith(base + "/") else p

# ESLint: the outermost function starting on each line.
eslint = {}
total_eslint = 0
for line in open(eslint_path):
    path, start, col, end, cc, opt, dflt, nested, name = line.rstrip("\n").split("\t")
    total_eslint += 1
    seen_files.add(rel(path))
    key = (rel(path), int(start))
    rec = (int(col), int(cc), int(opt), int(dflt), int(nested), name)
    if key not in eslint or rec[0] < eslint[key][0]:
        eslint[key] = rec

ours = []
for line in open(ours_path):
    path, start, name, cc, cog = line.rstrip("\n").split("\t")[:5]
    if rel(path) in seen_files:
        ours.append((rel(path), int(start), name, int(cc)))

both = agree = 0
causes = collections.Counter()
examples = collections.defaultdict(list)
for path, start, name, cc in ours:
    e = eslint.get((path, start))
    if e is None:
        cause = "ours only (no ESLint function on that line)"
        causes[cause] += 1
        if len(examples[cause]) < 3:
            examples[cause].append(f"{path}:{start} {name}: scb-check {cc}")
        continue
    both += 1
    _, ecc, opt, dflt, nested, _ = e
    if ecc == cc:
        agree += 1
        continue
    found = []
    if opt:
        found.append("optional chaining")
    if dflt:
        found.append("default values")
    if nested:
        found.append("nested functions")
    explained = ecc - opt - dflt + nested == cc
    cause = " + ".join(found) if explained and found else "unexplained"
    causes[cause] += 1
    if len(examples[cause]) < 3:
        examples[cause].append(f"{path}:{start} {name}: ESLint {ecc}, scb-check {cc}")

print(f"files with functions: {len(seen_files)}")
print(f"functions: ESLint {total_eslint}, scb-check {len(ours)}, both {both}")
if both:
    print(f"agreement: {agree}/{both} = {100 * agree / both:.1f}%")
for cause, n in causes.most_common():
    print(f"  {n:6d}  {cause}")
    for ex in examples.get(cause, []):
        print(f"          {ex}")
PY
