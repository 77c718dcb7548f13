from helpers import _clean


def first(value):
    return _clean(value)
