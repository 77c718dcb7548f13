# scope: tests


def util(x):
    return x + 1
