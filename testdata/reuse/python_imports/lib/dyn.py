__all__ = [name for name in ("dyn_fn",)]


def dyn_fn():  # want status:"unused"
    return 1
