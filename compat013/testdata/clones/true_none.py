# True and False are both $BOOL and group; None is $NONE and does not.


def enabled():  # want clone:"g1"
    flag = True
    print(flag)
    return flag


def disabled():  # want clone:"g1"
    flag = False
    print(flag)
    return flag


def unknown():
    flag = None
    print(flag)
    return flag
