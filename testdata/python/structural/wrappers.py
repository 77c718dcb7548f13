"""trivial-wrapper (spec 12.2): every flagged def line carries its rule id."""
import logging

from settings import DEFAULT

logger = logging.getLogger(__name__)
DEFAULT_CONTEXT_LINES = 3


def _identity(value):  # want "trivial-wrapper"
    return value


def _forward(value):  # want "trivial-wrapper"
    return _identity(value)


def branch(value):
    if value:
        return _identity(value)
    return None


def _duplicate_forward(left, right):
    return _identity(left, left)


def _default_identity(value=DEFAULT):
    return value


def _variadic_identity(*values):
    return values


def _swap(left, right):
    return _identity(right, left)


def _default_context_lines():  # want "trivial-wrapper"
    return DEFAULT_CONTEXT_LINES


def _limit(value):
    return DEFAULT_CONTEXT_LINES


def _first(left, right):  # want "trivial-wrapper"
    return left


def _nothing():  # want "trivial-wrapper"
    return None


def _text():
    return "text"


def _log(message):  # want "trivial-wrapper"
    """Log through the module logger: an external callee still counts."""
    return logger.info(message)


def _make_nothing():
    return make()


def public_identity(value):
    return value


class Thing:
    @staticmethod
    def _static(value):  # want "trivial-wrapper"
        return value

    def _method(self, value):
        return value


@decorator
def _decorated(value):  # want "trivial-wrapper"
    return value


# scbc ignore[trivial-wrapper] the directive targets the def line
def _ignored(value):
    return value


# scbc ignore[trivial-wrapper] this targets the decorator line, not the def
@decorator
def _decorated_not_ignored(value):  # want "trivial-wrapper"
    return value
