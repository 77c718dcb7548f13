#!/usr/bin/env bash
# Builds a git repository whose commits are the last N releases of an npm
# package, oldest first, one commit per release holding the published
# package's files: a real code base's history with the churn of its
# releases, for bench/trajectory.sh.
#
#   bench/npm-history.sh PACKAGE [N]   (default N: 30)
#
# The repository is written to bench/corpus/history/PACKAGE (git-ignored)
# and its path printed last. Pre-releases are left out. Commit dates are
# fixed, so the same releases give the same commits.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
pkg="${1:?usage: bench/npm-history.sh PACKAGE [N]}"
n="${2:-30}"
repo="$here/corpus/history/$pkg"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

npm view "$pkg" versions --json >"$tmp/versions.json"
mapfile -t versions < <(python3 -c '
import json, sys
vs = [v for v in json.load(open(sys.argv[1])) if "-" not in v]
print("\n".join(vs[-int(sys.argv[2]):]))' "$tmp/versions.json" "$n")

rm -rf "$repo"
mkdir -p "$repo"
git -C "$repo" init -q -b main
for v in "${versions[@]}"; do
	(cd "$tmp" && npm pack --silent "$pkg@$v" >/dev/null)
	find "$repo" -mindepth 1 -maxdepth 1 ! -name .git -exec rm -rf {} +
	tar -xzf "$tmp"/*.tgz -C "$repo" --strip-components=1
	rm -f "$tmp"/*.tgz
	git -C "$repo" add -A
	GIT_AUTHOR_DATE=2020-01-01T00:00:00Z GIT_COMMITTER_DATE=2020-01-01T00:00:00Z \
		git -C "$repo" -c user.name=bench -c user.email=bench@example.com commit -q --allow-empty -m "$pkg $v"
done
echo "${#versions[@]} releases of $pkg: ${versions[0]} to ${versions[-1]}" >&2
echo "$repo"
