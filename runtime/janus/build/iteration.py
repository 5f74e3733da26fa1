"""What GET_ITER leaves on the stack for a `for` over a build-time Python value.

The loop is unrolled while building.  A cond arm (branches.py) runs in a fork of the
frame, so an arm that goes on with the loop must not consume the other arm's items.

CPython's iterators over lists, dicts and deques are live: a list that the loop body
shortens or lengthens is seen so (the item after a removed one is skipped), and a dict
or deque that changes size raises RuntimeError at the next item.  The call's writes go
to a copy of the caller's container (janus/state/heap.py), so an iteration over a
container from the heap reads, at each item, the container as the call has changed it
so far (`current`), and raises what CPython's iterator would raise.
"""

import collections
import gc

from ..errors import Unsupported

_DICT_VIEWS = (type({}.keys()), type({}.values()), type({}.items()))


class Items:
    """Iteration over a list, tuple, range or str at build time: the sequence and the
    next index, as CPython's sequence iterators keep them (a list that grows or shrinks
    during the loop is seen so; `current` gives a heap list as the call has changed it).
    Each arm of a cond gets its own copy."""
    __slots__ = ("sequence", "index", "current")

    def __init__(self, sequence, index=0, current=None):
        self.sequence, self.index, self.current = sequence, index, current

    def __iter__(self):
        return self

    def __next__(self):
        sequence = self.sequence if self.current is None else self.current()
        if self.index >= len(sequence):
            raise StopIteration
        self.index += 1
        return sequence[self.index - 1]

    def fork(self):
        return Items(self.sequence, self.index, self.current)


class ContainerItems:
    """Iteration over a dict (or its keys/values/items view), a deque, an OrderedDict,
    a Counter or a defaultdict from the heap, as CPython's iterators do it: the keys in
    the order they had when the loop began, each value read when its item is reached,
    and at each item a check that the loop body has not changed the container the way
    CPython's iterator refuses.  `current()` is the container as the call has changed it
    so far; `changes()` counts the call's writes to it that reorder or resize it."""
    __slots__ = ("current", "changes", "kind", "view", "keys", "index", "size",
                 "changes_at_start", "error")

    def __init__(self, current, changes, kind, view):
        self.current, self.changes, self.kind, self.view = current, changes, kind, view
        now = current()
        self.keys = tuple(now)
        self.size = len(now)
        self.changes_at_start = changes()
        self.index, self.error = 0, None

    def __iter__(self):
        return self

    def __next__(self):
        if self.error is not None:
            raise RuntimeError(self.error)      # CPython's iterator stays broken
        now = self.current()
        self.error = self._broken(now)
        if self.error is not None:
            raise RuntimeError(self.error)
        if self.index >= len(self.keys):
            raise StopIteration
        key = self.keys[self.index]
        self.index += 1
        if self.view == "values":
            return now[key]
        if self.view == "items":
            return key, now[key]
        return key

    def _broken(self, now):
        """What CPython's iterator raises at this item, or None."""
        if self.kind is collections.deque:
            return "deque mutated during iteration" \
                if self.changes() != self.changes_at_start else None
        if self.kind is collections.OrderedDict:
            return "OrderedDict mutated during iteration" \
                if self.changes() != self.changes_at_start or len(now) != self.size \
                else None
        if len(now) != self.size:
            return "dictionary changed size during iteration"
        if tuple(now) != self.keys:
            # CPython goes on through the dict's storage, where deleted keys leave
            # holes: which keys it then visits is not what the keys' order says.
            raise Unsupported("a `for` loop over a dict whose keys its body changes "
                              "(one key deleted, another added)")
        return None

    def fork(self):
        other = ContainerItems.__new__(ContainerItems)
        for name in ContainerItems.__slots__:
            setattr(other, name, getattr(self, name))
        return other


def live_container(value):
    """(container, view) for a `for` over a dict, a view of one, a deque or a tracked
    mapping — the container whose writes the loop must see — else None."""
    kind = type(value)
    if kind in _DICT_VIEWS:
        owners = [o for o in gc.get_referents(value) if isinstance(o, dict)]
        if len(owners) != 1:
            return None
        view = "keys" if kind is _DICT_VIEWS[0] else \
            "values" if kind is _DICT_VIEWS[1] else "items"
        return owners[0], view
    if kind in (dict, collections.deque, collections.OrderedDict, collections.Counter,
                collections.defaultdict):
        return value, "keys"
    return None


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


FORKED = (Items, PythonIterator, ContainerItems)


def same(x, y):
    """The two arms of a cond left the same iteration, untouched (they stop before the
    loop's next FOR_ITER, or it is refused)."""
    if type(x) is Items and type(y) is Items:
        return x.sequence is y.sequence and x.index == y.index
    if type(x) is ContainerItems and type(y) is ContainerItems:
        return x.current is y.current and x.index == y.index and x.error == y.error
    return type(x) is PythonIterator and type(y) is PythonIterator and \
        x.iterator is y.iterator


def joined(value):
    """An iteration after the cond: the one from before it, no arm's copy of it."""
    if type(value) is PythonIterator:
        return PythonIterator(value.iterator)
    return value
