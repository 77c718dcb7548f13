# scope: tests


def data_gen(x):
    return x + 1
