"""0.1.3 trivial-wrapper, module-level function aliases (0.1.3 §8): each flagged statement carries its id."""
import helpers
from helpers import LIMIT, Formatter
from pkg.tools import first


def local_helper(value):
    total = value + 1
    return total


display = helpers.format_name  # want "trivial-wrapper"
primary = first  # want "trivial-wrapper"
renamed = local_helper  # want "trivial-wrapper"
# A method is named <module>.<name>, its class left out: so helpers.render
# names Formatter.render, and Formatter.render names nothing.
direct = helpers.render  # want "trivial-wrapper"
through_class = Formatter.render
klass = Formatter
limit = LIMIT
hidden = helpers.typed_only
annotated: object = local_helper
chained = again = local_helper
called = local_helper()
unbound = format_name

if LIMIT:
    nested = local_helper
