__all__ = ["listed"]


def listed():  # want status:"used"
    return 1


def unlisted():
    return 2
