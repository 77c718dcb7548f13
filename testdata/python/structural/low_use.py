"""low-use-short-function (spec 12.3), run with the default budgets."""


def clean(value):  # want "low-use-short-function"
    value = value.strip()
    return value.lower()


def route(value):
    return clean(value)


def busy(value):
    value = value.strip()
    value = value.lower()
    value = value.title()
    value = value.strip("x")
    value = value.strip("y")
    return value


def busy_caller(value):
    return busy(value)


def countdown(n):
    if n:
        countdown(n - 1)


def shallow(value):
    if value:
        return 1
    return 0


def deep(items):
    for item in items:
        if item:
            while item:
                shallow(item)


# scbc ignore[low-use-short-function]
def tidy(value):
    value = value.strip()
    return value


def tidy_route(value):
    return tidy(value)
