# The if block of a.py with a negated condition: no clone.
import os

if not os.environ:
    home = os.environ.get("HOME", "/")
    print(home)
