class Encoder:  # want status:"used"
    pass


class Decoder:  # want status:"test_only"
    pass


class Unused:  # want status:"unused"
    pass
