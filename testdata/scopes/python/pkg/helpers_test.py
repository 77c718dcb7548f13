# scope: tests


def helpers_test(x):
    return x + 1
