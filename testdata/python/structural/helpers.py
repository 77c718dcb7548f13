"""_clean is called here and, imported, in first.py and second.py: three
call sites, more than max-call-sites (2), so it is not flagged."""


def _clean(value):
    value = value.strip()
    return value.lower()


def local_route(value):
    return _clean(value)
