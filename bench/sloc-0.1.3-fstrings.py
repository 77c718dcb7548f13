"""Write N random f-string-heavy Python files (seeds 1..N) into DIR, to compare
compat013.PyTokenLines with tokenize on them (bench/README.md).

Usage: python3.12 bench/sloc-0.1.3-fstrings.py DIR N
"""

import random
import sys
from pathlib import Path

atoms = ["x", "1", "a.b", "f(x)", "[1, 2]", "{'k': 1}", "(1,\n 2)", "d['k']", "x if y else z", "'s'", '"t"', "lambda: 1"]
def expr(d):
    r = random.random()
    if d > 2 or r < 0.4: return random.choice(atoms)
    if r < 0.6: return fstr(d + 1)
    if r < 0.7: return expr(d+1) + " + " + expr(d+1)
    return "(" + expr(d+1) + ")"
def lit():
    return random.choice(["a", "\n", "{{", "}}", " ", "\\n", "\\N{BULLET}", "\\{", "\\'", '\\"', "\\\\", "b\nc", "\x0c", "\u2028", "é", "#", "'", '"', ":"])
def fstr(d):
    q = random.choice(["'''", '"""', "'", '"'])
    pre = random.choice(["f", "F", "rf", "fR", "f"])
    parts = []
    for _ in range(random.randint(0, 5)):
        if random.random() < 0.5:
            parts.append(lit())
        else:
            e = expr(d)
            if random.random() < 0.3: e = "\n" + e + "\n"
            conv = random.choice(["", "", "!r", "=", "!s"])
            spec = ""
            if random.random() < 0.4:
                spec = ":" + random.choice([">10", "", "{w}", ">{w}.{p}", "\n", "%H\n:%M", "{w}\n"])
            parts.append("{" + e + conv + spec + "}")
    return pre + q + "".join(parts) + q
def stmt():
    r = random.random()
    if r < 0.2: return '"""doc\nmore"""'
    if r < 0.3: return "x = 1 \\\n\\\n  + 2"
    if r < 0.4: return "# c" + random.choice(["", "\x0c y", "\u2028z"])
    return "v = " + fstr(0)


def main():
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for seed in range(1, int(sys.argv[2]) + 1):
        random.seed(seed)
        text = "\n".join(stmt() for _ in range(random.randint(1, 6))) + "\n"
        (out / f"f{seed}.py").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
