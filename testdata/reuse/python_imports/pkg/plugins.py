def registry(mod):  # want status:"used"
    return mod


def beta():  # want status:"used"
    return 2


def gamma():  # want status:"maybe_used"
    return 3
