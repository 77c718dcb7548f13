# scope: production


def core(x):
    return x + 1
