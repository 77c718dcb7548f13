def plain_public():  # want status:"used"
    return 1


def _plain_private():
    return 2
