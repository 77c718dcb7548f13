from pkg.util import total


def total_copy(items):
    acc = 0
    for item in items:
        acc += item
    return acc


def test_total():
    assert total([1, 2]) == 3
