# The if block of a.py with other names and values.
import sys

if sys.argv:  # want clone:"g1"
    first = sys.argv.get("ARG", "-")
    print(first)
