# Methods in classes: qualified names join class and function names with `.`.
import functools


class Thing:
    """A docstring that is not SLOC."""

    limit = 3 if True else 4  # class-level code belongs to no function

    def same(self, value):  # want name:"Thing.same" cc:"1" cog:"0" sloc:"2" nesting:"0"
        return value

    @staticmethod
    def pick(a, b):  # want name:"Thing.pick" cc:"2" cog:"1" sloc:"2" nesting:"0"
        return a or b

    @property
    def size(self):  # want name:"Thing.size" cc:"2" cog:"1" sloc:"2" nesting:"1"
        return 0 if self.limit is None else 1

    @functools.cached_property
    def total(self):  # want name:"Thing.total" cc:"3" cog:"3" sloc:"6" nesting:"2"
        total = 0
        for n in range(self.limit):
            if n:
                total += n
        return total

    class Inner:
        def deep(self):  # want name:"Thing.Inner.deep" cc:"1" cog:"0" sloc:"2" nesting:"0"
            return self

    async def wait(self, event):  # want name:"Thing.wait" cc:"2" cog:"1" sloc:"4" nesting:"1"
        while not event.is_set():
            await event.wait()
        return event


class Empty:
    pass
