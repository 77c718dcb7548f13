#!/usr/bin/env bash
# Builds a git repository whose first commit is a real source tree and
# whose next N commits each add a small function to K of its files, picked
# at random with a fixed seed: the churn of everyday small commits on a
# real code base, for bench/trajectory.sh (the real histories at hand, this
# repository's sprints and npm releases, rewrite much more per commit).
#
#   bench/synthetic-history.sh [SRC] [N] [K]
#
# Defaults: the Go standard library's net package ($(go env GOROOT)/src/net),
# 30 commits, 3 files each. Only .go files outside testdata that are not
# tests are changed. The repository is written to
# bench/corpus/history/_synthetic-NAME (git-ignored, NAME the base name of
# SRC; the leading _ keeps the go tool from building the Go files there)
# and its path printed last. The same SRC gives the same commits.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
src="$(cd "${1:-$(go env GOROOT)/src/net}" && pwd)"
n="${2:-30}"
k="${3:-3}"
repo="$here/corpus/history/_synthetic-$(basename "$src")"

rm -rf "$repo"
mkdir -p "$repo"
cp -r "$src/." "$repo/"
git -C "$repo" init -q -b main
commit() {
	git -C "$repo" add -A
	GIT_AUTHOR_DATE=2020-01-01T00:00:00Z GIT_COMMITTER_DATE=2020-01-01T00:00:00Z \
		git -C "$repo" -c user.name=bench -c user.email=bench@example.com commit -q -m "$1"
}
commit "$(basename "$src") as it is"
python3 - "$repo" "$n" "$k" <<'EOF'
import os, random, subprocess, sys

repo, n, k = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
files = sorted(
    os.path.relpath(os.path.join(d, f), repo)
    for d, _, names in os.walk(repo)
    if "/.git" not in d and "/testdata" not in d
    for f in names
    if f.endswith(".go") and not f.endswith("_test.go")
)
rng = random.Random(8)
for i in range(n):
    for j, f in enumerate(rng.sample(files, k)):
        with open(os.path.join(repo, f), "a") as fh:
            fh.write(
                f"\n// synth{i}x{j} is what commit {i} adds.\n"
                f"func synth{i}x{j}(x int) int {{\n\tif x > {i} {{\n\t\treturn x - {i}\n\t}}\n\treturn x\n}}\n"
            )
    env = dict(os.environ, GIT_AUTHOR_DATE="2020-01-01T00:00:00Z", GIT_COMMITTER_DATE="2020-01-01T00:00:00Z")
    subprocess.check_call(["git", "-C", repo, "add", "-A"])
    subprocess.check_call(
        ["git", "-C", repo, "-c", "user.name=bench", "-c", "user.email=bench@example.com", "commit", "-q", "-m", f"commit {i}"],
        env=env,
    )
EOF
echo "$(basename "$src") and $n commits of $k small functions each" >&2
echo "$repo"
