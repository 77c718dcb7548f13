"""Print, per Python file under a directory, the lines scb-check 0.1.3's SLOC
takes from Python's tokenize (before it subtracts string statements).

Usage: python3.12 bench/sloc-0.1.3-tokenize.py DIR > lines.jsonl
One JSON object per file, sorted by path: {"path": relative path, "lines":
[...]} or {"path": ..., "error": "..."} when tokenize rejects the file, and
"compiles": whether Python compiles it (invalid Python, which tokenize may
still accept or reject on a whim, is reported apart).
Files are read as scb-check 0.1.3 reads them: UTF-8 with replacement
characters, text mode (universal newlines). The Go side of the comparison is
TestPyTokenLinesAgainstTokenize in compat013/ (see bench/README.md).
"""

import json
import sys
import token
import tokenize
from pathlib import Path

IGNORED = {token.COMMENT, token.NL, token.NEWLINE, token.INDENT, token.DEDENT, token.ENDMARKER}


def token_lines(text):
    lines = set()
    for tok in tokenize.generate_tokens(iter(text.splitlines(keepends=True)).__next__):
        if tok.type not in IGNORED:
            lines.add(tok.start[0])
    return sorted(lines)


def main():
    root = Path(sys.argv[1])
    paths = sorted(p for p in root.rglob("*.py") if p.is_file() and not p.is_symlink())
    for path in paths:
        rel = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8", errors="replace")
        try:
            record = {"path": rel, "lines": token_lines(text)}
        except Exception as exc:  # tokenize can also fail with SystemError
            record = {"path": rel, "error": f"{type(exc).__name__}: {exc}"}
        try:
            compile(text, rel, "exec", dont_inherit=True)
            record["compiles"] = True
        except Exception:  # a file Python itself rejects
            record["compiles"] = False
        print(json.dumps(record))


if __name__ == "__main__":
    main()
