# Functions the scripts that compare two revisions share (sourced by
# same-output.sh and rule-lines.sh). They expect $root (the repository),
# $tmp (a scratch directory) and $prog (the script's name, for messages).

# find_ast_grep: sets ast_grep to $AST_GREP, else the pinned one in
# .tools/ast-grep/ (installed by scripts/setup when missing), and checks
# that it runs. The catalog and ast-grep variables are unset, so that a
# run looks no further than its options name.
find_ast_grep() {
	if [ -n "${AST_GREP:-}" ]; then
		ast_grep="$AST_GREP"
	else
		ast_grep="$root/.tools/ast-grep/node_modules/.bin/ast-grep"
		[ -x "$ast_grep" ] || "$root/scripts/setup" >/dev/null
	fi
	"$ast_grep" --version >/dev/null 2>&1 || { echo "$prog: ast-grep $ast_grep does not run" >&2; exit 2; }
	unset SCB_CHECK_AST_GREP SCB_CHECK_SLOP_RULES SCB_CHECK_EXTRA_SLOP_RULES
}

# build NAME REV: builds scb-check at REV (a git revision, or . for the
# work tree) into $tmp/NAME and says what it was built from: REV is
# written out with git archive and built there.
build() {
	local name="$1" rev="$2" src
	if [ "$rev" = . ]; then
		src="$root"
		echo "$name: the work tree at $(git -C "$root" rev-parse --short=12 HEAD)$(git -C "$root" diff --quiet HEAD || echo ', with changes')"
	else
		local sha
		sha="$(git -C "$root" rev-parse --verify --quiet "$rev^{commit}")" || {
			echo "$prog: $rev is not a commit of this repository" >&2
			exit 2
		}
		src="$tmp/src-$name"
		mkdir "$src"
		git -C "$root" archive "$sha" | tar -x -C "$src"
		echo "$name: ${sha:0:12} ($rev)"
	fi
	(cd "$src" && go build -trimpath -o "$tmp/$name" ./cmd/scb-check) || {
		echo "$prog: scb-check does not build at $rev" >&2
		exit 2
	}
}
