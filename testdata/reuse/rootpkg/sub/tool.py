from rootpkg.core import halt
from ..core import run


def use():  # want status:"unused"
    return halt(), run()
