"""Two functions of module pkg.tools."""


def first(value):
    result = value
    return result


def second(value):
    result = value
    return result
