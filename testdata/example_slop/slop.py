def _identity(value):
    return value


def first(value):
    x = value + 1
    y = x * 2
    return y


def second(item):
    a = item + 3
    b = a * 4
    return b


def tangled(a, b, c):
    if a:
        return 1
    if b or c:
        return 2
    for x in a:
        if x and b:
            continue
        while x:
            x = x - 1 if x > 1 else 0
    assert c
    return [y for y in b if y]
