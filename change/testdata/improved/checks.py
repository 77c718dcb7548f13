def validate(a, b, c, d, e, f):
    assert a > 0
    assert b > 0
    assert c > 0
    assert d > 0
    assert e > 0
    assert f > 0
    assert a < 10
    assert b < 10
    return a + b + c + d + e + f


def route(cmd):
    if cmd == "a":
        return 1
    elif cmd == "b":
        return 2
    elif cmd == "c":
        return 3
    elif cmd == "d":
        return 4
    elif cmd == "e":
        return 5
    elif cmd == "f":
        return 6
    elif cmd == "g":
        return 7
    elif cmd == "h":
        return 8
    elif cmd == "i":
        return 9
    elif cmd == "j":
        return 10
    elif cmd == "k":
        return 11
    return 0


def normalize(flag, name):
    if flag:
        name = name.strip()
    return name.lower()
