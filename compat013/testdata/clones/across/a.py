# An if block at module level; b.py holds the same block with other names
# and values, c.py one that differs in an operator. The two alike form one
# group across the files.
import os

if os.environ:  # want clone:"g1"
    home = os.environ.get("HOME", "/")
    print(home)
