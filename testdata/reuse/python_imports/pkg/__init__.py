from .core import Engine
from . import helpers
