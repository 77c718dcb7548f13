"""The module pkg/__init__.py's relative import is mistaken for."""


def second():
    value = 2
    return value
