"""heapq's functions and bisect.insort on a list of the program's → the list changes
they amount to, deferred to the commit like `append` and `pop` on that list.

CPython's C implementations compare the items with `<` and move them within the list:
`heappush(h, x)` appends x and sifts it up, `heappop(h)` takes the last item off and
sifts it down from the top, `insort(a, x)` inserts x where bisect_right finds.  The
builder runs the same function on a copy of the items the call sees, whose values the
guards pin (so the order, and which item comes out, is eager's), then makes the
program's list so: its length changes as eager's does (an append, a pop, an insert) and
the rest is one slice assignment of the same length, which CPython makes in place.
Items must compare natively: a value the graph computes, or an object whose own `<`
would run, is refused (the order would depend on the data, or on the program's code).
"""

import bisect
import heapq

from ..errors import Thrown, Unsupported
from ..semantics import natives
from ..state import reads
from ..values import has_symbolic, is_library_object

# function → how many arguments after the list
FUNCTIONS = {heapq.heappush: 1, heapq.heappop: 0, heapq.heapreplace: 1,
             heapq.heappushpop: 1, heapq.heapify: 0,
             bisect.insort_right: 1, bisect.insort_left: 1}


def call(b, fn, args, kwargs, code, offset):
    """fn(target, *rest), fn one of FUNCTIONS."""
    name = f"{fn.__module__.lstrip('_')}.{fn.__name__}"
    if kwargs or len(args) != 1 + FUNCTIONS[fn] or type(args[0]) is not list:
        raise Unsupported(f"{name}() of anything but a list and its plain arguments",
                          code, offset)
    target, rest = args[0], args[1:]
    items = reads.iterated(b, target, code, offset)          # its contents guarded
    if has_symbolic((*items, *rest)):
        raise Unsupported(f"{name}() of a value the graph computes: the order of the "
                          "items would depend on the data", code, offset)
    opaque = natives.first_opaque((*items, *rest), True, is_library_object)
    if opaque is not None:
        raise Unsupported(f"{name}() of {natives.describe(opaque)}, compared by its own "
                          "code", code, offset)
    for value in rest:
        reads.whole(b, value, code, offset)
    after = list(items)
    try:
        result = fn(after, *rest)
    except (IndexError, TypeError) as exc:
        # heappop() of an empty list, items that do not compare: eager's error, here.
        raise Thrown(type(exc)(*exc.args), code, offset) from None
    if b.provenance.is_created(target) and b.provenance.real_of(target) is None:
        if not b.may_mutate(target):
            raise Unsupported(f"{name}() on a list from outside a cond arm or loop body",
                              code, offset)
        target[:] = after               # the call's own list: changed here, as eagerly
        return result
    if fn in (bisect.insort_right, bisect.insort_left):
        where = (bisect.bisect_right if fn is bisect.insort_right else
                 bisect.bisect_left)(items, rest[0])
        b.heap_method(target, "insert", (where, rest[0]), {}, code, offset)
        return result
    if len(after) > len(items):
        b.heap_method(target, "append", (rest[0],), {}, code, offset)
    elif len(after) < len(items):
        b.heap_method(target, "pop", (), {}, code, offset)
    if after:
        b.heap_method(target, "__setitem__", (slice(None), b.note_created(after)), {},
                      code, offset)
    return result
