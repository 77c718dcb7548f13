"""Functions, a class and a constant that aliases.py names."""
from typing import TYPE_CHECKING

LIMIT = 10


def format_name(name):
    cleaned = name.strip()
    return cleaned.title()


class Formatter:
    def render(self, value):
        text = str(value)
        return text


if TYPE_CHECKING:
    def typed_only(value):
        checked = value
        return checked
