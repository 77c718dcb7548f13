# Nested blocks: the for loops are clones of each other, and so are the if
# blocks inside them; the functions around them differ in their return.


def first(rows):
    for row in rows:  # want clone:"g1"
        if row:  # want clone:"g2"
            total = row + 1
            print(total)
    return rows


def second(items):
    for item in items:  # want clone:"g1"
        if item:  # want clone:"g2"
            count = item + 2
            print(count)
    return None
