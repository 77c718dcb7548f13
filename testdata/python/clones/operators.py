# One operator differs in each pair, so nothing here is a clone.


def add(value):
    x = value + 1
    return x


def subtract(value):
    x = value - 1
    return x


def same(a, b):
    equal = a == b
    return equal


def identical(a, b):
    equal = a is b
    return equal


def both(a, b):
    result = a and b
    return result


def either(a, b):
    result = a or b
    return result
