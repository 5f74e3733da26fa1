"""What GET_ITER leaves on the stack for a `for` over a build-time Python value.

The loop is unrolled while building.  A cond arm (branches.py) runs in a fork of the
frame, so an arm that goes on with the loop must not consume the other arm's items.
"""


class Items:
    """Iteration over a list, tuple, range or str at build time: the sequence and the
    next index, as CPython's sequence iterators keep them (a list that grows during the
    loop is seen growing).  Each arm of a cond gets its own copy."""
    __slots__ = ("sequence", "index")

    def __init__(self, sequence, index=0):
        self.sequence, self.index = sequence, index

    def __iter__(self):
        return self

    def __next__(self):
        if self.index >= len(self.sequence):
            raise StopIteration
        self.index += 1
        return self.sequence[self.index - 1]

    def fork(self):
        return Items(self.sequence, self.index)


class PythonIterator:
    """Any other iteration at build time.  It cannot be copied, so an arm that would go
    on with it (and consume it for the other arm) is refused."""
    __slots__ = ("iterator", "shared")

    def __init__(self, iterator, shared=False):
        self.iterator, self.shared = iterator, shared

    def __iter__(self):
        return self

    def __next__(self):
        return next(self.iterator)

    def fork(self):
        return PythonIterator(self.iterator, shared=True)


FORKED = (Items, PythonIterator)


def same(x, y):
    """The two arms of a cond left the same iteration, untouched (they stop before the
    loop's next FOR_ITER, or it is refused)."""
    if type(x) is Items and type(y) is Items:
        return x.sequence is y.sequence and x.index == y.index
    return type(x) is PythonIterator and type(y) is PythonIterator and \
        x.iterator is y.iterator


def joined(value):
    """An iteration after the cond: the one from before it, no arm's copy of it."""
    if type(value) is PythonIterator:
        return PythonIterator(value.iterator)
    return value
