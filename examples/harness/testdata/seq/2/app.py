def total(items, skip):
    result = 0
    for item in items:
        if item > 0:
            if item not in skip:
                result = result + item
    return result


def count(items):
    n = 0
    for item in items:
        n = n + 1
    return n
