def random_crop(x):  # want status:"used"
    return x[1:]


def color_jitter(x):  # want status:"used"
    return x


def mixup(x, y):  # want status:"test_only"
    return x + y
