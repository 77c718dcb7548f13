#!/usr/bin/env python3
"""Packs a built scb-check binary into a platform wheel (PEP 427).

The payload is the binary alone, installed as a script
(NAME-VERSION.data/scripts/scb-check): pip and uv put it in the
environment's bin directory, beside the ast-grep that the
Requires-Dist on ast-grep-cli installs there. No Python code is shipped,
so the wheel is tagged py3-none-PLATFORM. Only the standard library is
used: scripts/dist runs where PyPI (and so the wheel and build packages)
may not be reachable.

The archive is reproducible: entries in a fixed order, every timestamp
SOURCE_DATE_EPOCH (default 1980-01-01, the earliest a zip can hold).
"""

import argparse
import base64
import hashlib
import os
import re
import sys
import time
import zipfile

# The earliest date a zip entry can carry.
ZIP_EPOCH = 315532800


def record_hash(data):
    """The RECORD form of a file's digest: sha256, urlsafe base64, no padding."""
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def metadata(args, readme):
    """The core metadata (version 2.1) with the README as its description."""
    lines = [
        "Metadata-Version: 2.1",
        "Name: " + args.name,
        "Version: " + args.version,
        "Summary: " + args.summary,
        "Home-page: " + args.url,
        "License: MIT",
        "Classifier: License :: OSI Approved :: MIT License",
        "Classifier: Operating System :: POSIX :: Linux",
        "Classifier: Environment :: Console",
        "Classifier: Topic :: Software Development :: Quality Assurance",
        "Project-URL: Source, " + args.url,
        "Project-URL: Changelog, " + args.url + "/blob/main/CHANGELOG.md",
    ]
    lines += ["Requires-Dist: " + r for r in args.requires]
    lines += ["Description-Content-Type: text/markdown", "", ""]
    return "\n".join(lines).encode("utf-8") + readme


def wheel_file(tag):
    return (
        "Wheel-Version: 1.0\n"
        "Generator: scbcheck scripts/dist-wheel.py\n"
        "Root-Is-Purelib: false\n"
        "Tag: " + tag + "\n"
    ).encode("utf-8")


def build(args):
    # A distribution name in a wheel's file name has its runs of -_. as _
    # (PEP 427, PEP 503's normalisation).
    dist = re.sub(r"[-_.]+", "_", args.name).lower()
    tag = "py3-none-" + args.platform
    out = os.path.join(args.out, "%s-%s-%s.whl" % (dist, args.version, tag))
    data_dir = "%s-%s.data" % (dist, args.version)
    info_dir = "%s-%s.dist-info" % (dist, args.version)

    with open(args.binary, "rb") as f:
        binary = f.read()
    with open(args.readme, "rb") as f:
        readme = f.read()
    with open(args.license, "rb") as f:
        license_text = f.read()

    # (name in the archive, contents, executable); RECORD comes last.
    entries = [
        (data_dir + "/scripts/scb-check", binary, True),
        (info_dir + "/METADATA", metadata(args, readme), False),
        (info_dir + "/WHEEL", wheel_file(tag), False),
        (info_dir + "/LICENSE", license_text, False),
    ]
    record = "".join("%s,%s,%d\n" % (n, record_hash(d), len(d)) for n, d, _ in entries)
    record += info_dir + "/RECORD,,\n"
    entries.append((info_dir + "/RECORD", record.encode("utf-8"), False))

    epoch = max(int(os.environ.get("SOURCE_DATE_EPOCH", ZIP_EPOCH)), ZIP_EPOCH)
    stamp = time.gmtime(epoch)[:6]
    tmp = out + ".tmp"
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as z:
        for name, data, executable in entries:
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # Unix, so that the mode below is read
            info.external_attr = (0o100755 if executable else 0o100644) << 16
            z.writestr(info, data)
    os.replace(tmp, out)
    print(out)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--name", required=True, help="the distribution name, e.g. scb-check-go")
    p.add_argument("--version", required=True)
    p.add_argument("--platform", required=True, help="the platform tag, e.g. manylinux_2_34_x86_64")
    p.add_argument("--binary", required=True, help="the scb-check executable")
    p.add_argument("--readme", required=True)
    p.add_argument("--license", required=True)
    p.add_argument("--summary", required=True)
    p.add_argument("--url", required=True)
    p.add_argument("--requires", action="append", default=[], help="a Requires-Dist line (repeatable)")
    p.add_argument("--out", required=True, help="the directory the wheel is written to")
    build(p.parse_args())


if __name__ == "__main__":
    sys.exit(main())
