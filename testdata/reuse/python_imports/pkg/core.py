from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pkg.helpers import Shape

    def typing_only():
        return None


class Engine:  # want status:"used"
    def run(self, shape: Shape):
        return shape


def start():  # want status:"used"
    return Engine()


def stop():  # want status:"import_only"
    return None


LIMIT = 3  # want status:"same_module_only"


def limited():  # want status:"used"
    return LIMIT


def _reset():  # want status:"non_public_used_downstream"
    return 0
