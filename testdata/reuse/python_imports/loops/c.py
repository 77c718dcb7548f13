from loops.d import *


def c_fn():  # want status:"used"
    return 1
