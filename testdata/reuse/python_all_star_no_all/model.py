from pkg import *
from pkg.ops import helper


class Transformer:  # want status:"used"
    def forward(self, q, k, v):
        return attention(helper(q), k, v)
