# Strings (f-strings included) become $STR and other literals $LIT, so
# these three are clones.


def greet(name):  # want clone:"g1"
    message = f"hello {name}"
    show(message, 1, None)
    return True


def warn(user):  # want clone:"g1"
    text = """careful"""
    log(text, 2.5, False)
    return False


def note(who):  # want clone:"g1"
    line = r"raw"
    emit(line, 0x10, True)
    return None


# A keyword is not a literal: `not` differs from a placeholder.
def negate(name):
    message = f"hello {name}"
    show(message, 1, None)
    return not True
