from models.encoder import build_encoder
from models.losses import info_nce


def main(cfg, x, y):
    encoder = build_encoder(cfg)
    return encoder, info_nce(x, y)


if __name__ == "__main__":
    main(None, 1, 2)
