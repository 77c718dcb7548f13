"""Orders and their totals."""


def is_big(n):
    """Whether an order is big."""
    if n > 10:
        return True
    else:
        return False


def total(items):
    result = 0
    for item in items:
        if item.price > 0:
            if item.count > 0:
                result = result + item.price * item.count
    return result


def label(order):
    if order.total > 100:
        return "large"
    elif order.total > 10:
        return "medium"
    return "small"


def price(item):
    return item.price
