def load(path):
    return open(path).read()


def main():
    return load("data.txt")


if __name__ == "__main__":
    main()
