import pkg.sub.deep
import pkg.plugins as plugins
import pkg.absent
from pkg import helpers
from pkg import Engine
from pkg.core import start, stop, _reset
from pkg.helpers import Vector as V
from lib.star_plain import *
from lib.star_all import *
from loops.a import ghost
from loops.d import c_fn, nowhere
from tools import runner
from .missing import nothing


def main(name):
    engine = Engine()
    start()
    V([1])
    helpers.area(None)
    pkg.sub.deep.dive()
    plugins.registry(plugins)
    getattr(plugins, "beta")()
    getattr(helpers, name)
    plain_public()
    listed()
    c_fn()
    runner.go()
    _reset()
    return engine, "pkg.core.limited"
