"""Module docstring: if and or while for are only words here."""


# Keywords inside a string are not nodes of their kinds: cc 1, cog 0 (spec 17 item 25).
def words():  # want name:"words" cc:"1" cog:"0" sloc:"2" nesting:"0"
    return "if x and y or z: for a in b: while c: break"


# The docstring is not SLOC: sloc is the def and the return.
def documented(x):  # want name:"documented" cc:"1" cog:"0" sloc:"2" nesting:"0"
    """Return x.

    if this and that: nothing here counts.
    """
    return x


# The inner lines of a multi-line string are not SLOC; its first line is.
def banner():  # want name:"banner" cc:"1" cog:"0" sloc:"3" nesting:"0"
    text = """
    if and or while
    """
    return text


# A bare string statement in a body is not SLOC.
def noted(x):  # want name:"noted" cc:"1" cog:"0" sloc:"3" nesting:"0"
    y = x + 1
    "a plain string statement"
    return y


# f-string and bytes statements stay SLOC (spec 5.1 step 2).
def kept(x):  # want name:"kept" cc:"1" cog:"0" sloc:"4" nesting:"0"
    f"{x}"
    b"raw"
    return x


# Replacement fields of an f-string are real expressions: the ternary counts.
def greet(name):  # want name:"greet" cc:"2" cog:"1" sloc:"2" nesting:"1"
    return f"hello {name if name else 'nobody'}"


# Comments are not SLOC and change nothing.
def commented(x):  # want name:"commented" cc:"1" cog:"0" sloc:"2" nesting:"0"
    # if x and y: this is a comment
    # for a in b: so is this
    return x  # and this
