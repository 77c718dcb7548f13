def parse_args(argv):
    options = {}
    for arg in argv:
        if arg.startswith("--"):
            key, _, value = arg[2:].partition("=")
            options[key] = value
    return options


def run(argv):
    options = parse_args(argv)
    if options.get("verbose", None):
        print("verbose")
    return options
