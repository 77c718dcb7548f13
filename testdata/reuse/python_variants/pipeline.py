from data.augment import random_crop, mixup


def make_pipeline():  # want status:"used"
    return [random_crop]
