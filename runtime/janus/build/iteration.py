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
from ..graph import atomic
from ..semantics import iterator_pulls
from ..state import reads
from ..values import BuildIterator

_DICT_VIEWS = (type({}.keys()), type({}.values()), type({}.items()))
# An OrderedDict's own views (odict_keys, ...): its iterator, not a dict's.
_ODICT_VIEWS = (type(collections.OrderedDict().keys()),
                type(collections.OrderedDict().values()),
                type(collections.OrderedDict().items()))


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
            # Exhausted for good: CPython's list iterator lets go of its list, and an
            # item appended later is not seen.
            self.sequence, self.current = (), None
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
                 "changes_at_start", "error", "done", "backwards", "index_key")

    def __init__(self, current, changes, kind, view, backwards=False):
        self.current, self.changes, self.kind, self.view = current, changes, kind, view
        self.backwards = backwards
        now = current()
        self.keys = tuple(reversed(now)) if backwards else tuple(now)
        self.size = len(now)
        self.changes_at_start = changes()
        self.index, self.error, self.done, self.index_key = 0, None, False, None

    def __iter__(self):
        return self

    def __next__(self):
        if self.kind is collections.deque:
            return self._deque_next()
        if self.kind is collections.OrderedDict:
            return self._odict_next()
        if self.done:
            raise StopIteration                 # CPython's iterator let go of it
        if self.error is not None:
            raise RuntimeError(self.error)      # CPython's iterator stays broken
        now = self.current()
        self.error = self._broken(now)
        if self.error is not None:
            raise RuntimeError(self.error)
        if self.index >= len(self.keys):
            self.done = True
            raise StopIteration
        key = self.keys[self.index]
        self.index += 1
        if self.view == "values":
            return now[key]
        if self.view == "items":
            return key, now[key]
        return key

    def _deque_next(self):
        """CPython's deque iterators: the deque's `state` (moved by every append, pop,
        clear of a non-empty deque and rotate of one longer than 1; not by reverse()
        or an item write) is checked at every item, by the forward iterator even past
        the last (the reverse one stops first); then `size` items at their positions as
        the deque holds them now (an item the body wrote ahead is seen).  `changes()`
        counts the call's moves of the state."""
        if self.backwards and self.index >= self.size:
            raise StopIteration
        if self.changes() != self.changes_at_start:
            raise RuntimeError("deque mutated during iteration")
        if self.index >= self.size:
            raise StopIteration
        now = self.current()
        self.index += 1
        return now[self.size - self.index if self.backwards else self.index - 1]

    def _odict_next(self):
        """CPython's OrderedDict iterator: it holds the next key to visit (None past the
        last: done, whatever changes after), checks the dict's state (moved by a key
        added, removed or moved), then its size (sticky), then finds that key in the
        dict as it is now (KeyError if the body deleted it), and takes the key after it
        in the dict's order now as the next one."""
        if self.index is None:
            raise StopIteration
        if self.error is not None:
            raise RuntimeError(self.error)
        now = self.current()
        if self.changes() != self.changes_at_start:
            self.index = None
            raise RuntimeError("OrderedDict mutated during iteration")
        if len(now) != self.size:
            self.error = "OrderedDict changed size during iteration"
            raise RuntimeError(self.error)
        if self.index == 0:
            self.index = 1
            if not self.keys:
                self.index = None
                raise StopIteration
            key = self.keys[0]
        else:
            key = self.index_key
        if key not in now:
            self.index = None
            raise KeyError(key)
        order = list(reversed(now)) if self.backwards else list(now)
        position = order.index(key)
        if position + 1 < len(order):
            self.index_key = order[position + 1]
        else:
            self.index = None
        if self.view == "values":
            return now[key]
        if self.view == "items":
            return key, now[key]
        return key

    def _broken(self, now):
        """What CPython's iterator raises at this item, or None."""
        if len(now) != self.size:
            return "dictionary changed size during iteration"
        if tuple(now) != self.keys or self.changes() != self.changes_at_start:
            # CPython goes on through the dict's storage, where deleted keys leave
            # holes, and a key added and deleted again may have grown and compacted
            # the table under the iterator: which keys it then visits is not what the
            # keys' order says.
            raise Unsupported("a `for` loop over a dict whose keys its body changes "
                              "(a key deleted, another or the same one added)")
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
    if kind in _DICT_VIEWS or kind in _ODICT_VIEWS:
        owners = [o for o in gc.get_referents(value) if isinstance(o, dict)]
        if len(owners) != 1:
            return None
        views = _DICT_VIEWS if kind in _DICT_VIEWS else _ODICT_VIEWS
        view = "keys" if kind is views[0] else "values" if kind is views[1] else "items"
        return owners[0], view
    if kind in (dict, collections.deque, collections.OrderedDict, collections.Counter,
                collections.defaultdict):
        return value, "keys"
    return None


def start(b, value, backwards=False):
    """The build's iteration over a container from the heap (a list, a dict or a view
    of one, a deque, a tracked mapping), which sees the call's writes to it as CPython's
    iterator sees writes to the container, else None.  Its contents are guarded as the
    `for` loop's GET_ITER guards them."""
    if type(value) is list:
        if not from_heap(b, value):
            return None
        reads.contents(b, value)
        acc = b.provenance.source_of(value)
        if acc is not None:
            reads.reachable_items(b, value, acc)
        if backwards:
            return ReversedItems(as_changed(b, value))
        return Items(value, current=as_changed(b, value))
    items = container_items(b, value, backwards)
    if items is not None:
        reads.contents(b, value)
    return items


def views_listed(b, values):
    """`list(d.values())`, `sorted(d.items())`, `sum(d.values())`: a builtin that takes
    every item of a view of a heap dict gets them as a `for` over the view takes them
    (the keys in their order, each value read and guarded as it is reached), in a list
    the build made; of a dict the call made, the view's own items."""
    return tuple(_listed(b, value) if type(value) in _DICT_VIEWS or
                 type(value) in _ODICT_VIEWS else value for value in values)


def _listed(b, view):
    live = live_container(view)
    if live is not None and b.provenance.is_created(live[0]):
        # A dict the call made: the view is over the build's own object.
        return b.note_created(list(view))
    reads.contents(b, view)
    items = container_items(b, view)
    return view if items is None else b.note_created(list(items))


def container_items(b, value, backwards=False):
    """ContainerItems over a dict, a view of one, a deque or a tracked mapping from the
    heap, else None."""
    live = live_container(value)
    if live is None or not from_heap(b, live[0]):
        return None
    container, view = live
    real = b.provenance.real_of(container, container)
    return ContainerItems(as_changed(b, container), reshaping_writes(b, real), type(real),
                          view, backwards)


def from_heap(b, container):
    """The caller's container or this call's copy of one (a container the call made is
    iterated as it is: its writes change it in place)."""
    real = b.provenance.real_of(container)
    return real is not None or b.provenance.source_of(container) is not None


def as_changed(b, container):
    """The container as this call has changed it so far, at each use: a heap
    container's writes go to its copy (heap.shadow), which may be made mid-loop."""
    real = b.provenance.real_of(container, container)
    return lambda: b.heap.local_view(real)


def reshaping_writes(b, real):
    """How many of this call's writes to `real` so far add, remove or move items (an
    OrderedDict's iterator fails after any of them; a deque's after any that moved its
    state, heap.Heap.state_moves)."""
    if type(real) in (collections.deque, collections.OrderedDict):
        return lambda: b.heap.state_moves.get(id(real), 0)
    effects = b.heap.effects
    return lambda: sum(1 for e in effects if e.target is real and e.kind == "method"
                       and e.name != "__setitem__")


class ReversedItems:
    """reversed() of a list, as CPython's list_reverseiterator: from the last index
    down, reading the list as the call has changed it at each item; an index past a
    shortened list ends it."""
    __slots__ = ("current", "index")

    def __init__(self, current):
        self.current = current
        self.index = len(current()) - 1

    def __iter__(self):
        return self

    def __next__(self):
        sequence = self.current()
        if 0 <= self.index < len(sequence):
            self.index -= 1
            return sequence[self.index + 1]
        self.index = -1
        raise StopIteration

    def fork(self):
        other = ReversedItems.__new__(ReversedItems)
        other.current, other.index = self.current, self.index
        return other


class Live(BuildIterator):
    """What `iter()`, `enumerate()`, `zip()` or `reversed()` in the step returns when a
    container from the heap is (or is under) what it iterates: the build's own
    iteration (Items, ContainerItems, ReversedItems) where CPython's C iterator would
    walk the caller's container while the loop body changes this call's copy of it
    (`for i, x in enumerate(queue): queue.remove(x)`), or over a generator the step
    made, which CPython's would resume natively where the builder must.  The program may keep it in a
    variable, so an arm of a cond that goes on with it shares it, and is refused as a
    PythonIterator is."""
    __slots__ = ("kind", "parts", "count", "strict", "shared")
    described_as = "an iterator over the program's container"

    def __init__(self, kind, parts, count=0, strict=False):
        self.kind, self.parts, self.count, self.strict = kind, parts, count, strict
        self.shared = None       # in an arm's frame: the Live it stands for

    def __iter__(self):
        return self

    def __next__(self):
        if self.kind == "enumerate":
            item = next(self.parts[0])
            self.count += 1
            return self.count - 1, item
        if self.kind == "zip":
            return self._zip_next()
        return next(self.parts[0])          # iter(), reversed()

    def _zip_next(self):
        items = []
        for index, part in enumerate(self.parts):
            try:
                items.append(next(part))
            except StopIteration:
                if self.strict:
                    self._strict_stop(index)
                raise
        return tuple(items)

    def _strict_stop(self, index):
        """zip(strict=True) when argument `index` ran out: CPython's ValueError, or
        StopIteration when every argument ran out together."""
        plural = " " if index <= 1 else "s 1-"
        if index:
            raise ValueError(f"zip() argument {index + 1} is shorter than "
                             f"argument{plural}{index}")
        for later, part in enumerate(self.parts[1:], 1):
            try:
                next(part)
            except StopIteration:
                continue
            plural = " " if later == 1 else "s 1-"
            raise ValueError(f"zip() argument {later + 1} is longer than "
                             f"argument{plural}{later}")

    def fork(self):
        other = Live(self.kind, self.parts, self.count, self.strict)
        other.shared = self.shared or self
        return other


def live_builtin(b, fn, args, kwargs, plain, generator_type):
    """`iter(x)`, `enumerate(x[, start])`, `zip(*xs[, strict])` or `reversed(x)` as a
    Live iteration when one argument is a container from the heap, a Live or a
    generator the step made (of `generator_type`, which the builder resumes) and
    `plain(value)` holds for the others, else None (the builtin's own C iterator is then
    exact: over tuples, ranges, strings, or containers this call made, whose writes
    change them in place)."""
    resumed = (Live, generator_type)
    if fn is enumerate:
        start_at = kwargs.get("start", args[1] if len(args) > 1 else 0)
        if len(args) + len(kwargs) not in (1, 2) or set(kwargs) - {"start"} or \
                type(start_at) is not int or not args:
            return None
        parts = _parts(b, args[:1], plain, resumed)
        return None if parts is None else Live("enumerate", parts, start_at)
    if fn is zip:
        strict = kwargs.get("strict", False)
        if set(kwargs) - {"strict"} or type(strict) is not bool or not args:
            return None
        parts = _parts(b, args, plain, resumed)
        return None if parts is None else Live("zip", parts, strict=strict)
    if fn is reversed and len(args) == 1 and not kwargs:
        part = start(b, args[0], backwards=True)
        return None if part is None else Live("reversed", (part,))
    if fn is iter and len(args) == 1 and not kwargs:
        if type(args[0]) is generator_type:
            return None           # iter(gen) is gen itself
        parts = _parts(b, args, plain, (Live,))
        return None if parts is None else Live("iter", parts)
    return None


def _parts(b, values, plain, resumed):
    """One iteration per value when at least one is a heap container, a Live or a
    generator the step made (the others, `plain`, as CPython iterates them: their own C
    iterators), else None.  A generator is its own part: each item asked of it resumes
    its frame in the builder, in the order CPython's zip asks (`zip(batches(), LRS)`
    takes a batch, then a rate; the batch taken when the rates ran out is lost, as
    eagerly)."""
    parts = [value if type(value) in resumed else pulled(b, value) or start(b, value)
             for value in values]
    if all(part is None for part in parts) or not all(
            plain(value) for value, part in zip(values, parts) if part is None):
        return None
    return tuple(iter(value) if part is None else part
                 for value, part in zip(values, parts))


class Mapped(BuildIterator):
    """`map(f, *iterables)` or `filter(f, iterable)` made in the step.  As CPython's,
    each item asked of it takes the next item of every iterable (the program's
    containers as the call has changed them, a generator the step made resumed in the
    builder), then calls `f` through the builder: a program function inlined with its
    reads guarded, a builtin or TF function as the step's own call of it.  filter keeps
    an item by a Python truth the guards pin; one the graph computes would make which
    items pass depend on the data."""
    __slots__ = ("b", "fn", "parts", "filtering", "where", "region")
    described_as = "a map or filter the step made"

    def __init__(self, b, fn, parts, filtering, where):
        self.b, self.fn, self.parts, self.filtering, self.where = b, fn, parts, filtering, where
        self.region = b.open_regions.serial[-1]

    def __iter__(self):
        return self

    def __next__(self):
        b = self.b
        if b.open_regions.serial[-1] != self.region:
            raise Unsupported("a map or filter taken from inside a branch or loop on a "
                              "tensor that did not make it", *b.where)
        where = b.where
        try:
            if not self.filtering:
                items = []
                for part in self.parts:
                    items.append(next(part))
                return b.call(self.fn, tuple(items), {}, *self.where)
            while True:
                item = next(self.parts[0])
                verdict = item if self.fn is None else \
                    b.call(self.fn, (item,), {}, *self.where)
                if type(verdict) not in _PLAIN_TRUTH:
                    raise Unsupported(f"filter() by a {type(verdict).__qualname__} (which "
                                      "items pass would depend on the data or on its "
                                      "own code)", *self.where)
                if verdict:
                    return item
        finally:
            b.where = where


_PLAIN_TRUTH = (bool, int, float, str, bytes, type(None), list, tuple, dict)


def mapped(b, fn, args, kwargs, plain, generator_type, code, offset):
    """`map(f, *xs)` or `filter(f, xs)` as a Mapped, or None (another form, or an
    iterable whose own code iteration would run)."""
    if kwargs or len(args) < 2 or (fn is filter and len(args) != 2):
        return None
    iterables = args[1:]
    parts = _parts(b, iterables, plain, (Live, Mapped, generator_type))
    if parts is None:
        if not all(plain(value) for value in iterables):
            return None
        parts = tuple(iter(value) for value in iterables)
    return Mapped(b, args[0], parts, fn is filter, (code, offset))


class Pulled:
    """A `for` over a tf.data iterator from outside the step, or that iterator in a
    zip() or enumerate() the step makes: each item asked is a pull made before the graph
    runs (semantics/iterator_pulls.py), at most PULL_LIMIT per iteration (a loop that
    runs to the end of the data would take the whole epoch into one build).  It cannot
    be copied, so an arm that would go on with it is refused, as a PythonIterator is."""
    __slots__ = ("b", "iterator", "where", "taken", "shared")
    described_as = "a tf.data iterator from outside the step"

    def __init__(self, b, iterator, where, shared=False):
        self.b, self.iterator, self.where, self.shared = b, iterator, where, shared
        self.taken = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.taken >= PULL_LIMIT:
            raise Unsupported(f"a loop over a tf.data iterator in the step that takes more "
                              f"than {PULL_LIMIT} elements in one call", *self.where)
        self.taken += 1
        return pull_from(self.b, self.iterator, *self.b.where)

    def fork(self):
        return Pulled(self.b, self.iterator, self.where, shared=True)


PULL_LIMIT = 64


def pull_from(b, iterator, code, offset):
    """The graph's value for the next element of a tf.data iterator from outside the
    step (semantics/iterator_pulls.py).  Nothing before the pull in the step may fail:
    a call that fails there runs in the interpreter, whose path need not reach this
    pull, and the element janus took would wait on the iterator for the next Python
    pull, which a tf.function of the program or a checkpoint of the iterator would
    not see.  (A pull made after one that met another shape or an error is not made:
    iterator_pulls.IteratorPulls.take stops there.)  janus's number checks do not count:
    one that fails means that a Python number is another than the graph's, and the path
    to the pull depends on that number only through decisions that are assumptions of
    their own."""
    graph = b.target.root_graph
    if graph is not None and not b.open_regions.depth:     # (else pull() refuses)
        neutral = b.record.number_check_ops
        failing = next((op for op in graph.get_operations()
                        if atomic.can_fail(op) and op not in neutral), None)
        if failing is not None:
            raise Unsupported(f"next() of a tf.data iterator after `{failing.name}`, which "
                              "can fail: janus takes the element before the graph runs, "
                              "and a call that failed there would not take it", code, offset)
    return b.record.iterator_pulls.pull(b, iterator, code, offset)


def outside_iterator(b, value):
    """Whether `value` is a tf.data iterator from outside the step (its elements are
    pulled before the graph: semantics/iterator_pulls.py)."""
    return type(value) is iterator_pulls.ITERATOR and b.provenance.source_of(value) is not None


def pulled(b, value):
    """A Pulled iteration when `value` is a tf.data iterator from outside the step."""
    return Pulled(b, value, b.where) if outside_iterator(b, value) else None


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


FORKED = (Items, PythonIterator, ContainerItems, ReversedItems, Live, Pulled)
# Iterations that raise what CPython's iterator raises (the loop body changed the
# container): the program's exception.
RAISING = (ContainerItems, Live)


def same(x, y):
    """The two arms of a cond left the same iteration, untouched (they stop before the
    loop's next FOR_ITER, or it is refused)."""
    if type(x) is Items and type(y) is Items:
        return x.sequence is y.sequence and x.index == y.index
    if type(x) is ContainerItems and type(y) is ContainerItems:
        return x.current is y.current and x.index == y.index and x.error == y.error
    if type(x) is Live and type(y) is Live:
        return x.shared is not None and x.shared is y.shared
    return type(x) is PythonIterator and type(y) is PythonIterator and \
        x.iterator is y.iterator


def joined(value):
    """An iteration after the cond: the one from before it, no arm's copy of it."""
    if type(value) is PythonIterator:
        return PythonIterator(value.iterator)
    if type(value) is Live and value.shared is not None:
        return value.shared         # the one the program may hold in a variable too
    return value
