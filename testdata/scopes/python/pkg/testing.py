# scope: production


def testing(x):
    return x + 1
