# Blocks of two SLOC lines are not candidates, however alike; blocks of
# three are. A comment or a blank line does not make a third line.
if ready:
    start()

if ready:
    start()

if ready:
    # not SLOC
    start()

if ready:

    start()

if ready:  # want clone:"g1"
    start()
    stop()

if ready:  # want clone:"g1"
    start()
    stop()
