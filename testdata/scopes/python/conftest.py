# scope: tests


def conftest(x):
    return x + 1
