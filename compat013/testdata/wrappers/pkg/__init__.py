"""from .tools import first, second: 0.1.3 takes first for the module and binds only second, to first.second."""
from .tools import first, second

quirk = second  # want "trivial-wrapper"
missed = first
