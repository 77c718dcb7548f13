def total(items):
    acc = 0
    for item in items:
        acc += item
    return acc
