def info_nce(a, b):  # want status:"used"
    return a - b


def triplet(a, p, n):  # want status:"unused"
    return a + p + n
