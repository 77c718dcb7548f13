import logging

HIDDEN_DIM = 256  # want status:"unused"
logger = logging.getLogger(__name__)


class Encoder:  # want status:"same_module_only"
    def __init__(self, dim):
        self.dim = dim


def build_encoder(cfg):  # want status:"used"
    return Encoder(cfg.dim)


def _init_weights(m):
    return m
