#!/usr/bin/env bash
# Builds the benchmark corpora under bench/corpus/ (git-ignored):
#
#   bench/corpus.sh [NAME...]   (default: sympy django stdlib)
#
#   bench/corpus/sympy   the sympy package of Debian's python3-sympy
#   bench/corpus/django  the django package of Debian's python3-django
#   bench/corpus/stdlib  a copy of this machine's Python standard library
#                        (without site-packages, lib-dynload, __pycache__)
#
# The .deb files are fetched with `apt-get download` into
# bench/corpus/cache/ and unpacked with `dpkg-deb -x`. Running it again
# reuses what is there; delete bench/corpus/ to start over.
# It also installs the Debian packages `radon` and `time` when missing
# (needs root, or sudo).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
corpus="$here/corpus"
cache="$corpus/cache"
extract="$corpus/extract"
mkdir -p "$cache" "$extract"

names=("$@")
[ "${#names[@]}" -gt 0 ] || names=(sympy django stdlib)
wanted() {
	local n
	for n in "${names[@]}"; do [ "$n" = "$1" ] && return 0; done
	return 1
}
for n in "${names[@]}"; do
	case $n in
	sympy | django | stdlib) ;;
	*) printf 'corpus: unknown corpus %s (sympy, django or stdlib)\n' "$n" >&2; exit 2 ;;
	esac
done

log() { printf 'corpus: %s\n' "$*" >&2; }

as_root() {
	if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

apt_updated=
apt_update_once() {
	if [ -z "$apt_updated" ]; then
		as_root apt-get update -qq >&2
		apt_updated=1
	fi
}

# Tools the benchmark needs.
missing=()
command -v radon >/dev/null 2>&1 || missing+=(radon)
[ -x /usr/bin/time ] || missing+=(time)
if [ "${#missing[@]}" -gt 0 ]; then
	log "installing ${missing[*]}"
	apt_update_once
	as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# cached PKG: the cached .deb of PKG, if any.
cached() {
	local f
	for f in "$cache/$1"_*.deb; do
		[ -f "$f" ] && printf '%s\n' "$f" && return
	done
	return 0
}

# fetch PKG: download PKG's .deb into the cache unless one is there, and
# unpack it into $extract/PKG. Prints the unpacked root.
fetch() {
	local pkg="$1" deb
	deb="$(cached "$pkg")"
	if [ -z "$deb" ]; then
		log "downloading $pkg"
		if ! (cd "$cache" && apt-get download -qq "$pkg" >/dev/null 2>&1); then
			apt_update_once
			(cd "$cache" && apt-get download -qq "$pkg" >/dev/null)
		fi
		deb="$(cached "$pkg")"
		[ -n "$deb" ] || { log "apt-get download $pkg left no .deb"; exit 1; }
	fi
	local out="$extract/$pkg"
	local stamp="$out/.deb"
	if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$(basename "$deb")" ]; then
		log "unpacking $(basename "$deb")"
		rm -rf "$out"
		mkdir -p "$out"
		dpkg-deb -x "$deb" "$out"
		basename "$deb" >"$stamp"
	fi
	printf '%s\n' "$out"
}

# place NAME DIR ID: make $corpus/NAME a copy of DIR (hard links when
# possible, so the corpus costs no extra space), unless the copy made from ID
# is already in place.
place() {
	local name="$1" src="$2" id="$3" dst="$corpus/$1"
	if [ -f "$dst/.source" ] && [ "$(cat "$dst/.source")" = "$id" ]; then
		return
	fi
	log "laying out $name"
	rm -rf "$dst"
	cp -al "$src" "$dst" 2>/dev/null || { rm -rf "$dst"; cp -a "$src" "$dst"; }
	printf '%s\n' "$id" >"$dst/.source"
}

# The package directory inside an unpacked python3-* .deb.
pkgdir() {
	local root="$1" name="$2" d
	for d in "$root"/usr/lib/python3/dist-packages/"$name" "$root"/usr/lib/python3*/*-packages/"$name"; do
		if [ -d "$d" ]; then
			printf '%s\n' "$d"
			return
		fi
	done
	log "no $name package in $root"
	exit 1
}

for spec in python3-sympy:sympy python3-django:django; do
	pkg="${spec%%:*}"
	name="${spec#*:}"
	wanted "$name" || continue
	root="$(fetch "$pkg")"
	place "$name" "$(pkgdir "$root" "$name")" "$(cat "$root/.deb")"
done

# The standard library: a plain copy, so every tool reads the same files and
# nothing installed into site-packages leaks in.
stdlib="$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])')"
stdlib="$(cd "$stdlib" && pwd -P)"
if wanted stdlib && { [ ! -f "$corpus/stdlib/.source" ] || [ "$(cat "$corpus/stdlib/.source")" != "$stdlib" ]; }; then
	log "copying the standard library from $stdlib"
	rm -rf "$corpus/stdlib"
	mkdir -p "$corpus/stdlib"
	tar -C "$stdlib" \
		--exclude=./site-packages --exclude=./dist-packages \
		--exclude=./lib-dynload --exclude='./config-*' \
		--exclude=__pycache__ -cf - . | tar -C "$corpus/stdlib" -xf -
	printf '%s\n' "$stdlib" >"$corpus/stdlib/.source"
fi

for name in "${names[@]}"; do
	n="$(find "$corpus/$name" -type f \( -name '*.py' -o -name '*.pyw' -o -name '*.rs' \) | wc -l)"
	printf '%-7s %6d source files  %s\n' "$name" "$n" "$corpus/$name"
done
