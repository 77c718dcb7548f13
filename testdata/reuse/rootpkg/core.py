def run():  # want status:"used"
    return 1


def halt():  # want status:"used"
    return 0
