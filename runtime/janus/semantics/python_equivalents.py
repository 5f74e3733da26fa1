"""C functions of Python's standard library, written in Python for the builder to inline
(build/calls.py): what they do with the program's values then follows the rules the
builder has for the program's own code (guards on what they read, numbers the graph
computes, the program's `__lt__` and key functions, deferred list changes).

Each is the function CPython's documentation gives as its equivalent (bisect's are
Lib/bisect.py's own, which `from _bisect import *` replaces), raises what the C function
raises, and returns a value, never an iterator object whose type the program could see.
Forms the builder answers otherwise (bisect with two arguments: semantics/bisection.py,
build/list_algorithms.py) do not come here.
"""

import bisect
import builtins
import functools
import itertools
import operator

_MISSING = object()


def reduce(function, iterable, initial=_MISSING, /):
    it = iter(iterable)
    if initial is _MISSING:
        try:
            value = next(it)
        except StopIteration:
            raise TypeError("reduce() of empty iterable with no initial value") from None
    else:
        value = initial
    for element in it:
        value = function(value, element)
    return value


def bisect_right(a, x, lo=0, hi=None, *, key=None):
    if lo < 0:
        raise ValueError("lo must be non-negative")
    if hi is None or hi == -1:        # the C function takes -1 for "to the end"
        hi = len(a)
    if key is None:
        while lo < hi:
            mid = (lo + hi) // 2
            if x < a[mid]:
                hi = mid
            else:
                lo = mid + 1
    else:
        while lo < hi:
            mid = (lo + hi) // 2
            if x < key(a[mid]):
                hi = mid
            else:
                lo = mid + 1
    return lo


def bisect_left(a, x, lo=0, hi=None, *, key=None):
    if lo < 0:
        raise ValueError("lo must be non-negative")
    if hi is None or hi == -1:
        hi = len(a)
    if key is None:
        while lo < hi:
            mid = (lo + hi) // 2
            if a[mid] < x:
                lo = mid + 1
            else:
                hi = mid
    else:
        while lo < hi:
            mid = (lo + hi) // 2
            if key(a[mid]) < x:
                lo = mid + 1
            else:
                hi = mid
    return lo


def insort_right(a, x, lo=0, hi=None, *, key=None):
    if key is None:
        lo = bisect_right(a, x, lo, hi)
    else:
        lo = bisect_right(a, key(x), lo, hi, key=key)
    a.insert(lo, x)


def insort_left(a, x, lo=0, hi=None, *, key=None):
    if key is None:
        lo = bisect_left(a, x, lo, hi)
    else:
        lo = bisect_left(a, key(x), lo, hi, key=key)
    a.insert(lo, x)


# operator's functions, as Lib/operator.py writes them before `from _operator import *`.
def add(a, b, /): return a + b                  # noqa: E704
def sub(a, b, /): return a - b                  # noqa: E704
def mul(a, b, /): return a * b                  # noqa: E704
def truediv(a, b, /): return a / b              # noqa: E704
def floordiv(a, b, /): return a // b            # noqa: E704
def mod(a, b, /): return a % b                  # noqa: E704
def pow(a, b, /): return a ** b                 # noqa: E704, A001
def neg(a, /): return -a                        # noqa: E704
def pos(a, /): return +a                        # noqa: E704
def lt(a, b, /): return a < b                   # noqa: E704
def le(a, b, /): return a <= b                  # noqa: E704
def eq(a, b, /): return a == b                  # noqa: E704
def ne(a, b, /): return a != b                  # noqa: E704
def ge(a, b, /): return a >= b                  # noqa: E704
def gt(a, b, /): return a > b                   # noqa: E704
def not_(a, /): return not a                    # noqa: E704
def truth(a, /): return True if a else False    # noqa: E704
def getitem(a, b, /): return a[b]               # noqa: E704
def contains(a, b, /): return b in a            # noqa: E704
def matmul(a, b, /): return a @ b               # noqa: E704
def and_(a, b, /): return a & b                 # noqa: E704
def or_(a, b, /): return a | b                  # noqa: E704
def xor(a, b, /): return a ^ b                  # noqa: E704
def lshift(a, b, /): return a << b              # noqa: E704
def rshift(a, b, /): return a >> b              # noqa: E704
def invert(a, /): return ~a                     # noqa: E704
def is_(a, b, /): return a is b                 # noqa: E704
def is_not(a, b, /): return a is not b          # noqa: E704
def abs_(a, /): return builtins.abs(a)          # noqa: E704


def countOf(a, b, /):                                                   # noqa: N802
    return sum(1 for e in a if e is b or e == b)


def indexOf(a, b, /):                                                   # noqa: N802
    for i, j in enumerate(a):
        if j is b or j == b:
            return i
    raise ValueError("sequence.index(x): x not in sequence")


# The in-place forms: the left operand's own __iadd__ (a list extended in place), else
# the plain operator's new value.
def iadd(a, b, /): a += b; return a             # noqa: E702, E704
def isub(a, b, /): a -= b; return a             # noqa: E702, E704
def imul(a, b, /): a *= b; return a             # noqa: E702, E704
def itruediv(a, b, /): a /= b; return a         # noqa: E702, E704
def ifloordiv(a, b, /): a //= b; return a       # noqa: E702, E704
def imod(a, b, /): a %= b; return a             # noqa: E702, E704
def ipow(a, b, /): a **= b; return a            # noqa: E702, E704
def imatmul(a, b, /): a @= b; return a          # noqa: E702, E704
def iand(a, b, /): a &= b; return a             # noqa: E702, E704
def ior(a, b, /): a |= b; return a              # noqa: E702, E704
def ixor(a, b, /): a ^= b; return a             # noqa: E702, E704
def ilshift(a, b, /): a <<= b; return a         # noqa: E702, E704
def irshift(a, b, /): a >>= b; return a         # noqa: E702, E704


_OPERATORS = (add, sub, mul, truediv, floordiv, mod, pow, neg, pos, lt, le, eq, ne, ge, gt,
              not_, truth, getitem, contains, matmul, and_, or_, xor, lshift, rshift,
              invert, is_, is_not, abs_, countOf, indexOf, iadd, isub, imul, itruediv,
              ifloordiv, imod, ipow, imatmul, iand, ior, ixor, ilshift, irshift)

EQUIVALENTS = {
    **{getattr(operator, fn.__name__.rstrip("_") if fn is abs_ else fn.__name__): fn
       for fn in _OPERATORS},
    functools.reduce: reduce,
    bisect.bisect_right: bisect_right,
    bisect.bisect_left: bisect_left,
    bisect.insort_right: insort_right,
    bisect.insort_left: insort_left,
}


# -- itertools: each class as a function that takes what the C constructor takes at once
# (the iterators it makes of its arguments, the pools product() reads) and returns a
# generator that yields what the C object yields, pulling items from its iterators in
# the same order and no further (CPython's C code in Modules/itertoolsmodule.c; the
# docs' "roughly equivalent" recipes where they pull the same items).  The builder runs
# the generator lazily, as the program consumes it; the rule that calls these
# (build/stdlib_calls.py) takes only the usual, valid forms of each call and answers
# type() and isinstance() with the itertools class.  The generators hold no try blocks
# and no comprehensions (both are exception-table entries: a generator with handlers
# that the step leaves unfinished is refused, build/generators.py), and no `yield from`.

_END = object()                # next(iterator, _END): the iterator is exhausted


def chain(*iterables):
    return _chain(iterables)


def chain_from_iterable(iterable, /):
    return _chain(iter(iterable))


def _chain(iterables):
    for iterable in iterables:
        for element in iterable:            # noqa: UP028
            yield element


def islice(iterable, *bounds):
    # (bounds checked by the rule: ints >= 0 or None, a step >= 1)
    if len(bounds) == 1:
        start, stop, step = 0, bounds[0], 1
    else:
        start, stop = bounds[0] or 0, bounds[1]
        step = bounds[2] if len(bounds) == 3 and bounds[2] is not None else 1
    return _islice(iter(iterable), start, stop, step)


def _islice(iterator, start, stop, step):
    taken, wanted = 0, start
    while True:
        while taken < wanted:                  # skipped items are pulled, then dropped
            if next(iterator, _END) is _END:
                return
            taken += 1
        if stop is not None and taken >= stop:
            return
        item = next(iterator, _END)
        if item is _END:
            return
        taken += 1
        wanted += step
        if stop is not None and wanted > stop:
            wanted = stop
        yield item


def accumulate(iterable, func=None, *, initial=None):
    return _accumulate(iter(iterable), func, initial)


def _accumulate(iterator, func, initial):
    total = initial
    if initial is None:
        total = next(iterator, _END)
        if total is _END:
            return
    yield total
    for element in iterator:
        total = total + element if func is None else func(total, element)
        yield total


def pairwise(iterable, /):
    return _pairwise(iter(iterable))


def _pairwise(iterator):
    old = next(iterator, _END)
    if old is _END:
        return
    for new in iterator:
        yield old, new
        old = new


def batched(iterable, n, *, strict=False):
    return _batched(iter(iterable), n, strict)


def _batched(iterator, n, strict):
    while True:
        batch = []
        for _ in range(n):
            item = next(iterator, _END)
            if item is _END:
                break
            batch.append(item)
        if not batch:
            return
        if len(batch) < n and strict:
            raise ValueError("batched(): incomplete batch")
        yield tuple(batch)                   # (after a short one the next pull ends it)


def takewhile(predicate, iterable, /):
    return _takewhile(predicate, iter(iterable))


def _takewhile(predicate, iterator):
    for element in iterator:
        if not predicate(element):
            return
        yield element


def dropwhile(predicate, iterable, /):
    return _dropwhile(predicate, iter(iterable))


def _dropwhile(predicate, iterator):
    for element in iterator:
        if not predicate(element):
            yield element
            break
    for element in iterator:                # noqa: UP028
        yield element


def filterfalse(predicate, iterable, /):
    return _filterfalse(predicate, iter(iterable))


def _filterfalse(predicate, iterator):
    for element in iterator:
        if not (element if predicate is None else predicate(element)):
            yield element


def compress(data, selectors):
    return _compress(iter(data), iter(selectors))


def _compress(data, selectors):
    for datum in data:                     # a datum first, then its selector, as C pulls
        selector = next(selectors, _END)
        if selector is _END:
            return
        if selector:
            yield datum


def starmap(function, iterable, /):
    return _starmap(function, iter(iterable))


def _starmap(function, iterator):
    for arguments in iterator:
        yield function(*arguments)


def zip_longest(*iterables, fillvalue=None):
    iterators = []
    for iterable in iterables:
        iterators.append(iter(iterable))
    return _zip_longest(iterators, fillvalue)


def _zip_longest(iterators, fillvalue):
    active = len(iterators)
    if not active:
        return
    while True:
        items = []
        for i, iterator in enumerate(iterators):
            item = fillvalue if iterator is None else next(iterator, _END)
            if item is _END:
                active -= 1
                if not active:
                    return
                iterators[i] = None
                item = fillvalue
            items.append(item)
        yield tuple(items)


def repeat(element, times=None):
    return _repeat(element, times)


def _repeat(element, times):
    if times is None:
        while True:
            yield element
    for _ in range(times):
        yield element


def cycle(iterable, /):
    return _cycle(iter(iterable))


def _cycle(iterator):
    saved = []
    for element in iterator:
        yield element
        saved.append(element)
    while saved:
        for element in saved:               # noqa: UP028
            yield element


def product(*iterables, repeat=1):
    pools = []
    for iterable in iterables:              # read whole, at once, as C reads them
        pools.append(tuple(iterable))
    return _product(pools * repeat)


def _product(pools):
    chosen = [()]
    for pool in pools:
        longer = []
        for prefix in chosen:
            for item in pool:
                longer.append(prefix + (item,))
        chosen = longer
    for combination in chosen:              # noqa: UP028
        yield combination


def count(start=0, step=1):
    return _count(start, step)


def _count(number, step):
    while True:
        yield number
        number += step


ITERATORS = {
    itertools.chain: chain,
    itertools.islice: islice,
    itertools.accumulate: accumulate,
    itertools.pairwise: pairwise,
    itertools.batched: batched,
    itertools.takewhile: takewhile,
    itertools.dropwhile: dropwhile,
    itertools.filterfalse: filterfalse,
    itertools.compress: compress,
    itertools.starmap: starmap,
    itertools.zip_longest: zip_longest,
    itertools.repeat: repeat,
    itertools.cycle: cycle,
    itertools.product: product,
    itertools.count: count,
}
