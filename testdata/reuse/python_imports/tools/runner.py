def go():  # want status:"used"
    return 0


if __name__ == "__main__":
    go()
