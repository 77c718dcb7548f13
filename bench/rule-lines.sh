#!/usr/bin/env bash
# Shows what a change to the rules did on real Python code: builds
# scb-check at two revisions of this repository, runs both on the bench
# corpora and lists, per rule, the findings and the lines they flag before
# and after, the rules whose flagged lines moved most first, so that a
# person looks at every rule that moved a lot.
#
#   bench/rule-lines.sh BEFORE AFTER   (git revisions, e.g. main HEAD;
#                                       `.` is the work tree as it is)
#
# Environment:
#   CORPORA   what to run (default: stdlib, and sympy and django when
#             bench/corpus.sh has laid them out)
#             stdlib, sympy, django  bench/corpus/NAME (stdlib is laid
#                                    out by bench/corpus.sh when missing,
#                                    the others must be there)
#   MODES     all: check --include-all (every rule, no thresholds);
#             default: check without it (the rules that run by default,
#             with ignore directives and min_file_count thresholds)
#             (default: all default)
#   AST_GREP  the ast-grep executable (default: the pinned one in
#             .tools/ast-grep/, installed by scripts/setup when missing)
#   JOBS      workers (-j) of every run (default nproc)
#   OUT       where the SARIF outputs and tables are kept
#             (default bench/out/rule-lines)
#
# Each binary runs `check --output-format sarif --exit-zero --ast-grep
# AST_GREP -j JOBS [--include-all] CORPUS`. A rule's flagged lines are the
# lines from the first to the last line of each of its findings, their
# union per file, summed over the files: every line, blank and comment
# lines included (verbosity counts only the SLOC among them). Every rule id
# of the SARIF results counts, clones and structural rules too.
#
# Per corpus and mode it prints a table (also kept as OUT/CORPUS.MODE.tsv):
#   rule, findings before and after, lines before and after, the change
#   in lines and the change relative to the larger side,
# sorted by the absolute change in lines (then in findings, then by id),
# rules with no finding on either side left out, a line of sums and the
# report's verbosity (from the SARIF run's metrics) on both sides. SARIF
# keeps at most 25,000 results (GitHub's limit): when a side leaves
# results out the table says so and its numbers are incomplete. Exits 2
# on an error.
set -euo pipefail

usage() {
	echo "usage: bench/rule-lines.sh BEFORE AFTER   (git revisions, or . for the work tree)" >&2
	exit 2
}
[ "$#" -eq 2 ] || usage

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
jobs="${JOBS:-$(nproc)}"
out="${OUT:-$root/bench/out/rule-lines}"
modes="${MODES:-all default}"
if [ -n "${CORPORA:-}" ]; then
	corpora="$CORPORA"
else
	corpora=stdlib
	for c in sympy django; do
		if [ -f "$root/bench/corpus/$c/.source" ]; then corpora="$corpora $c"; fi
	done
fi

prog=rule-lines
# shellcheck source=bench/revision.sh
. "$here/revision.sh"
find_ast_grep

for c in $corpora; do
	case $c in
	stdlib) [ -f "$root/bench/corpus/stdlib/.source" ] || bash "$here/corpus.sh" stdlib >/dev/null ;;
	sympy | django)
		[ -f "$root/bench/corpus/$c/.source" ] || { echo "rule-lines: bench/corpus/$c is missing (bench/corpus.sh $c lays it out)" >&2; exit 2; }
		;;
	*) echo "rule-lines: unknown corpus $c (stdlib, sympy or django)" >&2; exit 2 ;;
	esac
done
for m in $modes; do
	case $m in
	all | default) ;;
	*) echo "rule-lines: unknown mode $m (all or default)" >&2; exit 2 ;;
	esac
done

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

build before "$1"
build after "$2"
mkdir -p "$out"
out="$(cd "$out" && pwd)" # the runs start in another directory
echo "ast-grep: $("$ast_grep" --version) ($ast_grep); -j $jobs; outputs in $out"

# The per-rule counts of two SARIF files, as a table.
cat >"$tmp/table.py" <<'EOF'
import collections
import json
import sys


def counts(path):
    """Findings and flagged lines per rule, and the results left out."""
    with open(path, encoding="utf-8") as f:
        run = json.load(f)["runs"][0]
    findings = collections.Counter()
    lines = collections.defaultdict(set)  # (rule, file) -> line numbers
    for res in run.get("results", []):
        loc = res["locations"][0]["physicalLocation"]
        region = loc.get("region", {})
        start = region.get("startLine", 1)
        end = region.get("endLine", start)
        rule = res["ruleId"]
        findings[rule] += 1
        lines[rule, loc["artifactLocation"]["uri"]].update(range(start, end + 1))
    per_rule = collections.Counter()
    for (rule, _), ls in lines.items():
        per_rule[rule] += len(ls)
    props = run.get("properties", {})
    return findings, per_rule, props.get("omittedResults", 0), props.get("metrics", {}).get("verbosity")


fb, lb, ob, vb = counts(sys.argv[1])
fa, la, oa, va = counts(sys.argv[2])
rows = []
for rule in set(fb) | set(fa):
    d = la[rule] - lb[rule]
    rel = d / max(la[rule], lb[rule]) * 100 if d else 0.0
    rows.append((rule, fb[rule], fa[rule], lb[rule], la[rule], d, rel))
rows.sort(key=lambda r: (-abs(r[5]), -abs(r[2] - r[1]), r[0]))
with open(sys.argv[3], "w", encoding="utf-8") as tsv:
    tsv.write("rule\tfindings_before\tfindings_after\tlines_before\tlines_after\tlines_change\n")
    for r in rows:
        tsv.write("%s\t%d\t%d\t%d\t%d\t%+d\n" % r[:6])
print("  %-42s %9s %9s %9s %9s %8s %6s" % ("rule", "found bef", "found aft", "lines bef", "lines aft", "change", "%"))
for r in rows:
    print("  %-42s %9d %9d %9d %9d %+8d %+5.0f%%" % r)
tot = (sum(fb.values()), sum(fa.values()), sum(lb.values()), sum(la.values()))
print("  %-42s %9d %9d %9d %9d %+8d" % (("sum",) + tot + (tot[3] - tot[2],)))
print("  verbosity: %s before, %s after" % (vb, va))
for side, omitted in (("before", ob), ("after", oa)):
    if omitted:
        print("  INCOMPLETE: %s left %d results out of its SARIF (GitHub's limit)" % (side, omitted))
EOF

for c in $corpora; do
	dir="$root/bench/corpus/$c"
	for m in $modes; do
		opts=(--output-format sarif --exit-zero --ast-grep "$ast_grep" -j "$jobs")
		[ "$m" = all ] && opts+=(--include-all)
		echo "== $c ($m): $dir"
		for side in before after; do
			(cd "$tmp" && "$tmp/$side" check "${opts[@]}" "$dir" >"$out/$c.$m.$side.sarif" 2>"$out/$c.$m.$side.err") || {
				echo "rule-lines: the $side binary failed on $c ($m): see $out/$c.$m.$side.err" >&2
				exit 2
			}
		done
		python3 "$tmp/table.py" "$out/$c.$m.before.sarif" "$out/$c.$m.after.sarif" "$out/$c.$m.tsv"
	done
done
