# A literal is a placeholder of its kind whatever its value: different
# integers, strings (f-strings too) and booleans group; an integer and a
# float do not.


def retries():  # want clone:"g1"
    count = 3
    label = "three"
    enabled = True
    return count, label, enabled


def timeouts():  # want clone:"g1"
    count = 30
    label = f"thirty {count}"
    enabled = False
    return count, label, enabled


def ratio():
    count = 3.0
    label = "three"
    enabled = True
    return count, label, enabled
