#!/usr/bin/env bash
# Cross-checks scb-check's cyclomatic complexity for JavaScript, or for
# TypeScript and TSX, against ESLint's `complexity` rule (threshold 0, so
# every function reports).
#
#   bench/eslint.sh [DIR]       JavaScript (.js .mjs .cjs .jsx)
#   bench/eslint.sh ts [DIR]    TypeScript and TSX (.ts .mts .cts .tsx),
#                               parsed by @typescript-eslint/parser
#
# ESLint, @typescript-eslint/parser, typescript and the default corpora are
# installed with npm, at exact versions, into bench/corpus/.eslint/
# (git-ignored, a dot directory so that Go skips the Go files some npm
# packages carry; never globally). Without DIR the corpus is lodash's own
# files (JavaScript), or the TypeScript sources rxjs, @tanstack/react-query
# and @tanstack/react-router ship in their src/ folders (.ts and .tsx),
# copied into one tree, bench/corpus/.eslint/ts-corpus/.
# Prints:
#   - the bench row: wall time, CPU time (user + sys) and peak RSS of
#     `eslint` (the complexity rule alone) and of `scb-check check
#     --disable-sg --languages javascript` (or typescript,tsx) on the same
#     files;
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
ts_parser_version=8.74.0
typescript_version=5.9.3
rxjs_version=7.8.2
react_query_version=5.108.4
react_router_version=1.170.46
packages=("eslint@$eslint_version" "lodash@$lodash_version" "@typescript-eslint/parser@$ts_parser_version"
	"typescript@$typescript_version" "rxjs@$rxjs_version" "@tanstack/react-query@$react_query_version"
	"@tanstack/react-router@$react_router_version")

mode=js
if [ "${1:-}" = ts ]; then
	mode=ts
	shift
fi
if [ ! -f "$prefix/.versions" ] || [ "$(cat "$prefix/.versions")" != "${packages[*]}" ]; then
	mkdir -p "$prefix"
	npm install --prefix "$prefix" --no-audit --no-fund --save-exact "${packages[@]}" >&2
	echo "${packages[*]}" >"$prefix/.versions"
fi
if [ "$mode" = ts ]; then
	names=(-name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.tsx')
	languages=typescript,tsx
	# One tree holding both packages' sources (scb-check takes one path).
	corpus="$prefix/ts-corpus"
	if [ ! -f "$corpus/.versions" ] || [ "$(cat "$corpus/.versions")" != "${packages[*]}" ]; then
		rm -rf "$corpus"
		mkdir -p "$corpus"
		cp -r "$prefix/node_modules/rxjs/src" "$corpus/rxjs"
		cp -r "$prefix/node_modules/@tanstack/react-query/src" "$corpus/react-query"
		cp -r "$prefix/node_modules/@tanstack/react-router/src" "$corpus/react-router"
		echo "${packages[*]}" >"$corpus/.versions"
	fi
	dir="${1:-$corpus}"
else
	names=(-name '*.js' -o -name '*.mjs' -o -name '*.cjs' -o -name '*.jsx')
	languages=javascript
	dir="${1:-$prefix/node_modules/lodash}"
fi
dir="$(cd "$dir" && pwd)"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/scb-check" ./cmd/scb-check && go build -o "$tmp/callables" ./bench/callables)

(cd "$dir" && find . -type f \( "${names[@]}" \) -not -path '*/node_modules/*' | sed "s|^\.|$dir|" | sort) >"$tmp/files"
nfiles=$(wc -l <"$tmp/files")
[ "$nfiles" -gt 0 ] || { echo "eslint.sh: no files under $dir" >&2; exit 2; }
# Minified files are timed but not matched: many functions share a line.
grep -v '\.min\.js$' "$tmp/files" >"$tmp/matched" || true

# The bench row: each tool over the same files, RUNS times in turn (default
# 1), timed by GNU time: median wall and CPU (user + sys) time, largest RSS.
runs=${RUNS:-1}
measure() { # label command...
	local label=$1
	shift
	/usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$@" >/dev/null 2>&1 || true
	tail -n 1 "$tmp/time" >>"$tmp/$label.times"
}
echo "files: $nfiles under $dir (ESLint $eslint_version$([ "$mode" = ts ] && echo ", @typescript-eslint/parser $ts_parser_version, typescript $typescript_version"))"
if [ "$mode" = ts ]; then
	# The flat config's files patterns are relative to the working
	# directory, dir; the parser reads TSX by the file's extension.
	cat >"$tmp/eslint.config.mjs" <<JS
import parser from "$prefix/node_modules/@typescript-eslint/parser/dist/index.js";
export default [{ files: ["**/*.ts", "**/*.mts", "**/*.cts", "**/*.tsx"], languageOptions: { parser } }];
JS
	config=(--config "$tmp/eslint.config.mjs")
else
	config=(--no-config-lookup)
fi
for _ in $(seq "$runs"); do
	measure eslint sh -c "cd '$dir' && xargs -a '$tmp/files' '$prefix/node_modules/.bin/eslint' ${config[*]} \
		--no-ignore --format json --rule '{\"complexity\": [\"error\", 0]}'"
	measure scb-check "$tmp/scb-check" check --report --disable-sg --include-all --languages "$languages" "$dir"
done
for label in eslint scb-check; do
	python3 - "$label" "$tmp/$label.times" <<'PY'
import statistics, sys
runs = [tuple(map(float, line.split())) for line in open(sys.argv[2])]
print(f"{sys.argv[1]:<10} {statistics.median(r[0] for r in runs):8.2f} s wall "
      f"{statistics.median(r[1] + r[2] for r in runs):8.2f} s CPU {max(r[3] for r in runs) / 1024:8.1f} MB")
PY
done

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
by_ext = collections.defaultdict(lambda: [0, 0])
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
    ext = by_ext[path.rsplit(".", 1)[-1]]
    ext[1] += 1
    _, ecc, opt, dflt, nested, _ = e
    if ecc == cc:
        agree += 1
        ext[0] += 1
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
    if len(by_ext) > 1:
        print("  by extension: " + ", ".join(f".{x} {a}/{n}" for x, (a, n) in sorted(by_ext.items())))
for cause, n in causes.most_common():
    print(f"  {n:6d}  {cause}")
    for ex in examples.get(cause, []):
        print(f"          {ex}")
PY
