from data.augment import color_jitter, mixup


def test_both():
    assert mixup(color_jitter(1), 2) == 3
