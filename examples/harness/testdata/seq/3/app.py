def total(items, skip, limit):
    result = 0
    for item in items:
        if item == 1:
            result = result + 1
        if item == 2:
            result = result + 2
        if item == 3:
            result = result + 3
        if item == 4:
            result = result + 4
        if item == 5:
            result = result + 5
        if item == 6:
            result = result + 6
        if item == 7:
            result = result + 7
        if item == 8:
            result = result + 8
        if item == 9:
            result = result + 9
    if result > limit:
        return limit
    return result


def count(items):
    n = 0
    for item in items:
        n = n + 1
    return n
