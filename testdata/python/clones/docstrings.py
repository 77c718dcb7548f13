# Docstrings, comments and other lone string statements are not part of a
# fingerprint: each of the three is an assignment and a return.


def load(path):  # want clone:"g1"
    """Read the whole file."""
    data = path.read()
    # keep the raw text
    return data


def fetch(url):  # want clone:"g1"
    """Download the page.

    The body is returned as it came.
    """
    body = url.read()
    # no decoding here
    return body


def pick(items):  # want clone:"g1"
    f"an f-string statement is dropped as well"
    first = items.read()
    b"and so is a bytes statement"
    return first


def single(path):
    """One statement and a docstring: not a candidate."""
    return path.read()


def alone(url):
    """The same single statement: still not a candidate."""
    return url.read()
