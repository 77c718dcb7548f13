type Grid = list[int]  # want status:"unused"


def dive():  # want status:"used"
    return 1


def surface():  # want status:"test_only"
    return 0
