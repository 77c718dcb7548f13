# Docstrings, other plain string statements and comments are left out at
# any depth: these functions, and the if blocks in them, differ only in
# those and group.


def parse(text):  # want clone:"g1"
    """Parse the text."""
    # Split on commas.
    parts = text.split(",")
    if parts:  # want clone:"g2"
        "A string statement inside the if."
        first = parts[0]
        return first
    return []


def cut(line):  # want clone:"g1"
    parts = line.split(";")  # semicolons here
    if parts:  # want clone:"g2"
        first = parts[0]
        return first
    return []
