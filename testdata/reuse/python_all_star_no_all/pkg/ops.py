def attention(q, k, v):  # want status:"used"
    return q + k + v


def rmsnorm(x):  # want status:"unused"
    return x


def rotary(x):  # want status:"unused"
    return x


def helper(x):  # want status:"used"
    return x
