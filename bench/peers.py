"""Compares scb-check's cyclomatic complexity with a peer tool's, function
by function, for bench/peers.sh.

    python3 peers.py LANG PEER DIR OURS OURS_ERR PEER_OUT OURS_TIMES PEER_TIMES

LANG is c, cpp or java; PEER is pmccabe or checkstyle. DIR is the corpus
root; OURS is bench/callables' output on it and OURS_ERR its standard
error (the files it could not parse); PEER_OUT is the peer's raw
output (pmccabe run from DIR on ./relative paths, or Checkstyle's plain
format with absolute paths). The *_TIMES files hold one
"wall user sys max_rss_kb" line per run (GNU time).

Functions are matched by file and line: pmccabe's line of the function's
name, Checkstyle's line of the method's first token (its first annotation
or modifier), our callable's first line. When no callable of ours starts
on a pmccabe line, the callable of the same name starting up to three
lines above it is taken (a return type or template line of its own).

A disagreement is explained when taking away what the peer does not count
from our count gives the peer's: the decisions of the callables nested in
ours (anonymous and local classes' methods count in their parent here, not
in the peer), and the decision kinds the peer does not count (pmccabe:
`catch`, and anything in a constructor's member initializer list, which
it does not read). Anything else is listed as unexplained.
"""
import collections
import os
import re
import statistics
import sys

# Decision points (node kind, or "@" and the kind of the callable's child
# holding them) the peer does not count, per language, with the cause.
NOT_COUNTED = {
    "c": {},
    "cpp": {
        "catch_clause": "catch clauses (pmccabe counts none)",
        "@field_initializer_list": "decisions in a member initializer list (pmccabe reads only the body)",
    },
    "java": {},
}
NESTED = "nested callables (counted in their parent here, apart by the peer)"


def read_ours(path, base):
    out = []
    for line in open(path, encoding="utf-8", errors="replace"):
        p, start, name, cc, _cog, end, decisions = line.rstrip("\n").split("\t")
        kinds = collections.Counter()
        for item in filter(None, decisions.split(",")):
            key, n = item.rsplit(":", 1)
            kinds[key] += int(n)
        out.append({
            "file": os.path.relpath(p, base), "start": int(start), "end": int(end),
            "name": name, "cc": int(cc), "kinds": kinds,
        })
    return out


def read_pmccabe(path):
    # Columns: modified, traditional, statements, first line, lines,
    # file(line of the name): name. Traditional counts each case, as we do.
    pat = re.compile(r"\d+\s+(\d+)\s+\d+\s+\d+\s+\d+\s+\./(.+)\((\d+)\):\s+(.*)$")
    for line in open(path, encoding="utf-8", errors="replace"):
        m = pat.match(line)
        if m:
            yield m.group(2), int(m.group(3)), int(m.group(1)), m.group(4).strip()


def read_checkstyle(path, base):
    pat = re.compile(r"\[\w+\] (.+?):(\d+):\d+: Cyclomatic Complexity is (\d+)")
    for line in open(path, encoding="utf-8", errors="replace"):
        m = pat.match(line)
        if m:
            yield os.path.relpath(m.group(1), base), int(m.group(2)), int(m.group(3)), ""


def last_segment(name):
    return re.split(r"::|\.", name)[-1]


def nested_decisions(fns):
    """What the callables nested in each callable add to its cc."""
    by_file = collections.defaultdict(list)
    for f in fns:
        by_file[f["file"]].append(f)
    for group in by_file.values():
        group.sort(key=lambda f: (f["start"], -f["end"]))
        stack = []
        for f in group:
            f["nested"] = 0
            while stack and stack[-1]["end"] < f["start"]:
                stack.pop()
            if stack and f["end"] <= stack[-1]["end"]:
                stack[-1]["nested"] += f["cc"] - 1
            stack.append(f)


def not_counted(f, lang):
    """The decisions of f the peer does not count, by cause."""
    out = collections.Counter()
    for key, n in f["kinds"].items():
        kind, _, holder = key.partition("@")
        for pattern, cause in NOT_COUNTED[lang].items():
            if pattern == kind or pattern == "@" + holder:
                out[cause] += n
                break
    return out


def times(path):
    runs = [tuple(map(float, line.split())) for line in open(path) if line.strip()]
    wall = statistics.median(r[0] for r in runs)
    cpu = statistics.median(r[1] + r[2] for r in runs)
    rss = max(r[3] for r in runs) / 1024
    return f"{wall:.2f} s wall, {cpu:.2f} s CPU, {rss:.0f} MB (median of {len(runs)} runs, largest RSS)"


def main():
    lang, peer, base, ours_path, ours_err, peer_path, ours_times, peer_times = sys.argv[1:9]
    failed = set()
    for line in open(ours_err, encoding="utf-8", errors="replace"):
        path, _, reason = line.rstrip("\n").rpartition(": ")
        if reason.startswith("failed to parse"):
            failed.add(os.path.relpath(path, base))
    ours = read_ours(ours_path, base)
    nested_decisions(ours)
    peer_fns = list(read_pmccabe(peer_path) if peer == "pmccabe" else read_checkstyle(peer_path, base))
    peer_files = {p[0] for p in peer_fns}
    ours = [f for f in ours if f["file"] in peer_files]
    ours_files = {f["file"] for f in ours}
    at = {(f["file"], f["start"]): f for f in ours}

    pairs = {}
    for path, line, cc, name in peer_fns:
        if path not in ours_files:
            continue  # a file we could not parse
        f = at.get((path, line))
        if f is None and name:
            for back in range(1, 4):
                g = at.get((path, line - back))
                if g is not None and last_segment(g["name"]) == last_segment(name):
                    f = g
                    break
        if f is not None and id(f) not in pairs:
            pairs[id(f)] = (f, cc, path, line, name)

    causes = collections.Counter()
    examples = collections.defaultdict(list)
    agree = 0
    for f, cc, path, line, _ in pairs.values():
        if f["cc"] == cc:
            agree += 1
            continue
        parts = not_counted(f, lang)
        if f["nested"]:
            parts[NESTED] = f["nested"]
        explained = f["cc"] - sum(parts.values()) == cc
        cause = " + ".join(sorted(parts)) if explained and parts else "unexplained"
        causes[cause] += 1
        if len(examples[cause]) < (10 if cause == "unexplained" else 3):
            examples[cause].append(f"{path}:{line} {f['name']}: ours {f['cc']}, {peer} {cc}")

    matched = {id(f) for f, *_ in pairs.values()}
    matched_peer = {(path, line) for _, _, path, line, _ in pairs.values()}
    ours_only = [f for f in ours if id(f) not in matched]
    peer_in = [p for p in peer_fns if p[0] in ours_files]
    peer_only = [p for p in peer_in if (p[0], p[1]) not in matched_peer]
    print(f"files: {len(peer_files)} with functions in {peer}'s output, "
          f"{len(peer_files & failed)} of them skipped by scb-check for syntax errors")
    print(f"functions in those files: {peer} {len(peer_in)}, scb-check {len(ours)}, matched {len(pairs)}")
    print(f"  scb-check only: {len(ours_only)}, e.g. "
          + "; ".join(f"{f['file']}:{f['start']} {f['name']}" for f in ours_only[:3]))
    print(f"  {peer} only: {len(peer_only)}, e.g. "
          + "; ".join(f"{p[0]}:{p[1]} {p[3]}" for p in peer_only[:3]))
    if pairs:
        print(f"cyclomatic agreement: {agree}/{len(pairs)} = {100 * agree / len(pairs):.1f}%")
    for cause, n in causes.most_common():
        print(f"  {n:6d}  {cause}")
        for ex in examples[cause]:
            print(f"          {ex}")
    print(f"scb-check: {times(ours_times)}")
    print(f"{peer}: {times(peer_times)}")


if __name__ == "__main__":
    main()
