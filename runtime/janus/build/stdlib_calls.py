"""Calls of the C code of Python's standard library that the builder answers itself:
`operator`'s callables, `itertools` objects, `math`, `bisect`, `heapq`, and the functions
semantics/python_equivalents.py writes in Python (build/calls.py tries these rules in
its tables).  Each takes the usual, valid forms of a call and passes on the others, which
the interpreter then runs, raising what the C code raises."""

import functools
import itertools
import math
import operator
import types

from ..errors import Thrown, Unsupported
from ..semantics import bisection, natives, numbers, python_equivalents, python_math
from ..state import reads
from . import dunders, graph_builtins, list_algorithms
from .rules import PASS, only


def operator_getter(b, fn, args, kwargs, code, offset):
    """`get(obj)` of an operator.attrgetter or itemgetter: read as `obj.a.b` or `obj[k]`
    are, each read guarded where it is made (the getter is immutable, and known by
    identity where the step reads it)."""
    kind = type(fn)
    if kind not in (operator.attrgetter, operator.itemgetter) or kwargs or len(args) != 1:
        return PASS
    wanted = fn.__reduce__()[1]
    values = []
    for what in wanted:
        if kind is operator.attrgetter:
            value = args[0]
            for name in what.split("."):
                value = b.load_attr(value, name, code, offset)
        else:
            value = b.inline(dunders.item_of, (args[0], what), {}, code, offset)
        values.append(value)
    return values[0] if len(wanted) == 1 else tuple(values)


def method_caller(b, fn, args, kwargs, code, offset):
    """`call(obj)` of an operator.methodcaller: `obj.name(*args, **kwargs)`, the method
    read as `obj.name` is (guarded) and called as the step would call it.  Its name and
    arguments are the immutable object's own, known by identity where the step read it
    (only constants: an argument the program could change in place would be read
    unguarded)."""
    if type(fn) is not operator.methodcaller or kwargs or len(args) != 1:
        return PASS
    made_by, held = fn.__reduce__()
    if type(made_by) is functools.partial:        # with keywords
        name, given, keywords = made_by.args[0], held, made_by.keywords
    else:
        name, given, keywords = held[0], held[1:], {}
    if not all(_is_constant(value) for value in (*given, *keywords.values())):
        raise Unsupported(f"a call of operator.methodcaller({name!r}, ...) holding an "
                          "object the program could change", code, offset)
    method = b.load_attr(args[0], name, code, offset)
    return b.call(method, given, dict(keywords), code, offset)


# Keywords each itertools class takes here (other forms are left to the interpreter,
# which raises what the C constructor raises for a wrong one).
_ITERATOR_KEYWORDS = {itertools.accumulate: {"func", "initial"},
                      itertools.zip_longest: {"fillvalue"}, itertools.product: {"repeat"},
                      itertools.batched: {"strict"}}
_ITERATOR_ARITY = {itertools.islice: (2, 4), itertools.accumulate: (1, 2),
                   itertools.batched: (2, 2),
                   itertools.pairwise: (1, 1), itertools.takewhile: (2, 2),
                   itertools.dropwhile: (2, 2), itertools.filterfalse: (2, 2),
                   itertools.compress: (2, 2), itertools.starmap: (2, 2),
                   itertools.repeat: (1, 2), itertools.cycle: (1, 1),
                   itertools.count: (0, 2)}


def itertools_object(b, fn, args, kwargs, code, offset):
    """`itertools.chain(a, b)`, `islice(it, n)`, `accumulate(losses)`... made in the step:
    its Python equivalent (semantics/python_equivalents.py) runs in the builder, a
    generator that pulls the same items in the same order as the program consumes it;
    it answers type() and isinstance() as the itertools object."""
    if type(fn) is types.BuiltinMethodType and fn.__self__ is itertools.chain and \
            fn.__name__ == "from_iterable":
        kind, equivalent = itertools.chain, python_equivalents.chain_from_iterable
        if not only(args, kwargs, 1):
            return PASS
    else:
        # (type(fn) is type: a metaclass's own __eq__ or __hash__ would run in the lookup)
        equivalent = python_equivalents.ITERATORS.get(fn) if type(fn) is type else None
        if equivalent is None or not kwargs.keys() <= _ITERATOR_KEYWORDS.get(fn, set()):
            return PASS
        if fn is itertools.accumulate and len(args) == 2 and "func" in kwargs:
            return PASS        # (C's error text for the double `func` is not Python's)
        low, high = _ITERATOR_ARITY.get(fn, (0, len(args)))
        if not low <= len(args) <= high or not _valid_counts(fn, args, kwargs):
            return PASS
        kind = fn
    result = b.inline(equivalent, args, kwargs, code, offset)
    result.stands_for = kind
    return result


def _valid_counts(fn, args, kwargs):
    """The counts an islice, repeat, product or count takes, as Python numbers the build
    knows (a count the graph computes would decide how far the object runs)."""
    def index(value, low=0):
        return type(value) is int and value >= low
    if fn is itertools.islice:
        bounds = args[1:]
        return all(bound is None or index(bound) for bound in bounds) and (
            len(bounds) < 3 or bounds[2] is None or index(bounds[2], 1))
    if fn is itertools.repeat:
        return len(args) < 2 or type(args[1]) is int
    if fn is itertools.product:
        return index(kwargs.get("repeat", 1))
    if fn is itertools.count:
        return all(type(value) in (int, float) for value in args)
    if fn is itertools.batched:
        return index(args[1], 1) and type(kwargs.get("strict", False)) is bool
    return True


def operator_callable(b, fn, args, kwargs, code, offset):
    """`operator.itemgetter("lr")`, attrgetter, methodcaller made in the step, of
    constants: the immutable C object itself (its calls are answered as reads and
    calls: _operator_getter, _method_caller).  One that the step stores or returns is
    refused there (it would be one object for every call)."""
    if not any(fn is kind for kind in (operator.itemgetter, operator.attrgetter,
                                       operator.methodcaller)):
        return PASS                    # (by identity: no __eq__ of the program's runs)
    held = (*args, *kwargs.values())
    if not all(_is_constant(value) for value in held):
        what = next(value for value in held if not _is_constant(value))
        raise Unsupported(f"operator.{fn.__name__}() of {natives.describe(what)}: the "
                          "object made would hold the build's value", code, offset)
    try:
        return fn(*args, **kwargs)
    except TypeError as exc:            # the program's own (attrgetter(1))
        raise Thrown(exc, code, offset) from None


def _is_constant(value, depth=0):
    if type(value) in (str, int, float, bool, bytes, type(None)):
        return True
    if type(value) is slice:                     # itemgetter(slice(1, None))
        return all(type(v) in (int, type(None)) for v in (value.start, value.stop,
                                                            value.step))
    return type(value) is tuple and depth < 4 and all(_is_constant(v, depth + 1)
                                                      for v in value)


def bisect_call(b, fn, args, kwargs, code, offset):
    if fn not in bisection.FUNCTIONS or not only(args, kwargs, 2):
        return PASS                  # with lo, hi or key: _python_equivalent
    items = reads.iterated(b, args[0], code, offset)         # its contents guarded
    return bisection.search(b, fn, items, args[1], code, offset)


def list_algorithm(b, fn, args, kwargs, code, offset):
    if fn not in list_algorithms.FUNCTIONS or \
            fn in python_equivalents.EQUIVALENTS and not only(args, kwargs, 2):
        return PASS                  # insort with lo, hi or key: _python_equivalent
    return list_algorithms.call(b, fn, args, kwargs, code, offset)


def python_equivalent(b, fn, args, kwargs, code, offset):
    equivalent = python_equivalents.EQUIVALENTS.get(fn) \
        if type(fn) is types.BuiltinFunctionType else None
    if equivalent is None:
        return PASS
    return b.inline(equivalent, args, kwargs, code, offset)


def math_function(b, fn, args, kwargs, code, offset):
    if not python_math.is_math(fn):
        return PASS
    if fn in (math.gcd, math.lcm) and len(args) == 1 and not kwargs and \
            numbers.python_type_of(args[0], b.provenance.number_of) is int:
        # One int: its absolute value, the very int where it is not negative, as abs().
        return graph_builtins.number_builtin(b, abs, args, kwargs, code, offset)
    return python_math.call(b, fn, args, kwargs, code, offset)
