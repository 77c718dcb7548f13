# scope: tests


def test_helpers(x):
    return x + 1
