# The reference's python_clone parity fixture: different names and literal
# values, the same statements and operators.


def first(value):  # want clone:"g1"
    x = value + 1
    y = x * 2
    return y


def second(item):  # want clone:"g1"
    total = item + 7
    doubled = total * 3
    return doubled
