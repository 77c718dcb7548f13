#!/usr/bin/env bash
# Cross-checks cyclomatic complexity against a peer tool on real code, per
# language, and prints the share of functions where both agree, the
# disagreements by cause, and the wall time, CPU time and peak RSS of both
# tools:
#
#   bench/peers.sh c     # pmccabe 2.8 on the C code of Debian's libstb-dev
#                        # headers (stb's single-file libraries:
#                        # implementations live in the .h files)
#   bench/peers.sh cpp   # pmccabe 2.8 on the .cc files of Debian's
#                        # googletest (googletest and googlemock: library,
#                        # samples and tests)
#   bench/peers.sh java  # Checkstyle 8.36's CyclomaticComplexity check on
#                        # java.base/java/util of Debian's openjdk-17-source
#
# Environment: RUNS (timed runs of each tool, default 3).
#
# The peer is installed with apt-get when missing (needs root, or sudo).
# The corpus packages are fetched with apt-get download into
# bench/corpus/peers/cache/ (git-ignored) and unpacked with dpkg-deb -x
# into bench/corpus/peers/; running again reuses them. Timed: scb-check's
# whole analysis, `scb-check check --report --exit-zero --disable-sg
# --include-all --languages LANG DIR`, and the peer on the same files,
# each RUNS times in turn under /usr/bin/time; the median wall and CPU
# times and the largest peak RSS are printed. The per-function comparison
# is bench/peers.py on bench/callables' output and the peer's.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
lang=${1:-c}
runs=${RUNS:-3}
corpus="$here/corpus/peers"
cache="$corpus/cache"
mkdir -p "$cache"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

as_root() {
	if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# need COMMAND PACKAGE: installs the Debian package when COMMAND is missing.
need() {
	command -v "$1" >/dev/null && return
	echo "peers: installing $2" >&2
	as_root apt-get update -qq >&2
	as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
}

# fetch PACKAGE: downloads PACKAGE's .deb into the cache unless it is there,
# unpacks it into $corpus/PACKAGE once, and prints that directory.
fetch() {
	local pkg=$1 deb
	deb=$(find "$cache" -name "${pkg}_*.deb" | head -n 1)
	if [ -z "$deb" ]; then
		echo "peers: downloading $pkg" >&2
		(cd "$cache" && apt-get download -qq "$pkg" >/dev/null 2>&1) ||
			{ as_root apt-get update -qq >&2 && (cd "$cache" && apt-get download -qq "$pkg" >/dev/null); }
		deb=$(find "$cache" -name "${pkg}_*.deb" | head -n 1)
	fi
	if [ ! -f "$corpus/$pkg/.deb" ] || [ "$(cat "$corpus/$pkg/.deb")" != "$(basename "$deb")" ]; then
		rm -rf "${corpus:?}/$pkg"
		mkdir -p "$corpus/$pkg"
		dpkg-deb -x "$deb" "$corpus/$pkg"
		basename "$deb" >"$corpus/$pkg/.deb"
	fi
	printf '%s\n' "$corpus/$pkg"
}

case $lang in
c | cpp)
	need pmccabe pmccabe
	peer=pmccabe
	if [ "$lang" = c ]; then
		dir="$(fetch libstb-dev)/usr/include"
		pattern='*.h'
	else
		# googletest's headers are .h files, which scb-check reads as C:
		# only the .cc files are compared.
		dir="$(fetch googletest)/usr/src/googletest"
		pattern='*.cc'
	fi
	(cd "$dir" && find . -name "$pattern" | sort) >"$tmp/files"
	peer_cmd=(sh -c "cd '$dir' && xargs pmccabe <'$tmp/files'")
	version="pmccabe $(dpkg-query -W -f '${Version}' pmccabe)"
	;;
java)
	need checkstyle checkstyle
	peer=checkstyle
	src="$(fetch openjdk-17-source)/usr/lib/jvm/openjdk-17/lib/src.zip"
	dir="$corpus/openjdk-17-java.util"
	if [ ! -d "$dir/java.base/java/util" ]; then
		unzip -q -o "$src" 'java.base/java/util/*' -d "$dir"
	fi
	dir="$dir/java.base/java/util"
	# max 0 reports every method. Each case label is one decision, as
	# scb-check counts Java's switch_label (switchBlockAsSingleDecisionPoint
	# would count the switch once instead).
	cat >"$tmp/checkstyle.xml" <<'XML'
<?xml version="1.0"?>
<!DOCTYPE module PUBLIC "-//Checkstyle//DTD Checkstyle Configuration 1.3//EN" "https://checkstyle.org/dtds/configuration_1_3.dtd">
<module name="Checker">
  <module name="TreeWalker">
    <module name="CyclomaticComplexity">
      <property name="max" value="0"/>
      <property name="switchBlockAsSingleDecisionPoint" value="false"/>
    </module>
  </module>
</module>
XML
	peer_cmd=(checkstyle -c "$tmp/checkstyle.xml" "$dir")
	version="checkstyle $(dpkg-query -W -f '${Version}' checkstyle)"
	;;
*)
	echo "peers: no peer for $lang here (c, cpp, java; see bench/README.md)" >&2
	exit 2
	;;
esac

(cd "$root" && go build -o "$tmp/scb-check" ./cmd/scb-check && go build -o "$tmp/callables" ./bench/callables)
ours_cmd=("$tmp/scb-check" check --report --exit-zero --disable-sg --include-all --languages "$lang" "$dir")

# timed NAME CMD...: runs CMD, stdout to $tmp/NAME.out; appends
# "wall user sys rss_kb" to $tmp/NAME.times. A non-zero exit is the
# peer's way of saying it found something (Checkstyle).
timed() {
	local name=$1
	shift
	/usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" || true
	tail -n 1 "$tmp/time" >>"$tmp/$name.times"
}
echo "corpus: $dir ($version)"
for _ in $(seq "$runs"); do
	timed ours "${ours_cmd[@]}"
	timed peer "${peer_cmd[@]}"
done
"$tmp/callables" "$dir" >"$tmp/ours.tsv" 2>"$tmp/ours.err"
python3 "$here/peers.py" "$lang" "$peer" "$dir" "$tmp/ours.tsv" "$tmp/ours.err" "$tmp/peer.out" \
	"$tmp/ours.times" "$tmp/peer.times"
echo "($(nproc) cores shared with other work: timings are indicative; scb-check runs its whole analysis)"
