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
import functools
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


_OPERATORS = (add, sub, mul, truediv, floordiv, mod, pow, neg, pos, lt, le, eq, ne, ge, gt,
              not_, truth, getitem, contains)

EQUIVALENTS = {
    **{getattr(operator, fn.__name__): fn for fn in _OPERATORS},
    functools.reduce: reduce,
    bisect.bisect_right: bisect_right,
    bisect.bisect_left: bisect_left,
    bisect.insort_right: insort_right,
    bisect.insort_left: insort_left,
}
