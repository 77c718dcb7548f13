from helpers import _clean


def second(value):
    return _clean(value)
