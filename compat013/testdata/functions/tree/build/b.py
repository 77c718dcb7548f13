# want read013:"no" read020:"no"
# "build" is pruned by both.
def in_build():
    return 1
