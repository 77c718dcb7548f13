# scope: production


def contest(x):
    return x + 1
