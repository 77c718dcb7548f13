def area(w, h):
    if w < 0:
        return 0
    return w * h
