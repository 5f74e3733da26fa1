"""A builtin (`len`, `bool`, `float`, `int`), `==`/`!=` or an arithmetic operator on a
user object → its own dunder, inlined by the builder and guarded on the class attribute
(or its absence), by CPython's protocol, or a refusal
(natives.py says which values builtins may run on natively).  `sorted`, `min` and `max`
with a `key=` → the key called per item like any call of the step, then the order
decided on the keys."""

import encodings
import types

import tensorflow as tf

import janus_ext

from ..errors import Thrown, Unsupported
from ..semantics import natives
from ..state import attribute_reads, library_state, reads
from ..values import from_library, has_symbolic, is_library_object, is_stand_in, is_symbolic

_OBJECT_SLOTS = {"__eq__": object.__eq__, "__ne__": object.__ne__}


def call(b, fn, args, kwargs, value, code, offset):
    """`fn(value)` for a user object: its own dunder, inlined and guarded on the
    class attribute (an implicit call looks it up on the type), or a refusal."""
    name = getattr(fn, "__name__", repr(fn))
    why = f"{name}() of {natives.describe(value)} would run its code at build time"
    if kwargs or len(args) != 1 or args[0] is not value or fn not in natives.DUNDERS \
            or from_library(type(value)) or type(value).__module__ in ("builtins",
                                                                        "collections"):
        raise Unsupported(why, code, offset)
    for dunder in natives.DUNDERS[fn]:
        impl = janus_ext.type_lookup(type(value), dunder)
        if impl is None:
            continue
        if not isinstance(impl, types.FunctionType) or not b.provenance.read_or_made(value):
            raise Unsupported(why, code, offset)
        reads.implicit_method(b, value, dunder, impl)
        result = b.inline(impl, (value,), {}, code, offset)
        if fn is bool and dunder == "__len__":
            if type(result) is not int:       # bool() needs a Python int from it
                raise Unsupported(f"{why}: its __len__ gave {type(result).__qualname__}",
                                  code, offset)
            return result != 0
        want = {len: int, bool: bool, float: float, int: int}[fn]
        if type(result) is want or (want is not bool and is_symbolic(result) and
                                    b.provenance.number_of(result) is want):
            return result
        raise Unsupported(f"{why}: its {dunder} gave {type(result).__qualname__}",
                          code, offset)
    raise Unsupported(why, code, offset)


def keyed(b, fn, args, kwargs, code, offset):
    """`sorted(items, key=k, reverse=r)`, `min`/`max(items, key=k[, default=d])` or
    `min(a, b, ..., key=k)`.  The key runs for each item as the step's own call would
    (a program function is inlined, with its reads guarded), in Python's order; the
    order of the items is then Python's own sort or min/max over those keys, which must
    be Python values the guards pin (a key the graph computes would make the order
    depend on the data)."""
    name = fn.__name__
    kwargs = dict(kwargs)
    key = kwargs.pop("key")
    allowed = {"reverse"} if fn is sorted else {"default"}
    if set(kwargs) - allowed or not args or (fn is sorted and len(args) != 1) or \
            (len(args) > 1 and kwargs):
        raise Unsupported(f"{name}() with these arguments and a key", code, offset)
    items = reads.iterated(b, args[0], code, offset) if len(args) == 1 else list(args)
    keys = [_key_of(b, key, item, code, offset) for item in items]
    if has_symbolic(keys):
        raise Unsupported(f"{name}() by a key the graph computes (the order would depend "
                          "on the data)", code, offset)
    opaque = natives.first_opaque(keys, True, is_library_object)
    if opaque is not None:
        raise Unsupported(f"{name}() by keys of {natives.describe(opaque)}, compared by "
                          "their own code", code, offset)
    for value in keys:
        reads.whole(b, value, code, offset)
    if not items and "default" in kwargs:
        return kwargs["default"]
    try:
        if fn is sorted:
            order = sorted(range(len(items)), key=keys.__getitem__,
                           reverse=kwargs.get("reverse", False))
            return b.note_created([items[i] for i in order])
        return items[fn(range(len(items)), key=keys.__getitem__)]
    except (ValueError, TypeError) as exc:
        raise Thrown(type(exc)(*exc.args), code, offset) from None


def _key_of(b, key, item, code, offset):
    if isinstance(key, types.MethodDescriptorType) and type(item) is key.__objclass__:
        # key=str.lower on a str: the item's own method, as `item.lower()` is called
        return b.call(b.load_attr(item, key.__name__, code, offset), (), {}, code, offset)
    return b.call(key, (item,), {}, code, offset)


# Immutable builtin values whose C methods (`name.upper()`, `"a,b".split(",")`,
# `n.bit_length()`) are pure functions of the value and their arguments.
VALUE_TYPES = (str, bytes, int, float, bool, complex, tuple, frozenset, range)


def value_method(b, fn, args, kwargs, code, offset):
    """A C method of an immutable builtin value, run at build time once its arguments
    are values no guard misses (a graph value formatted into text is refused)."""
    values = (*args, *kwargs.values())
    if has_symbolic(values):
        raise Unsupported(f"{type(fn.__self__).__name__}.{fn.__name__}() of a value the "
                          "graph computes", code, offset)
    opaque = natives.first_opaque(values, True, is_library_object, text=True)
    if opaque is not None:
        raise Unsupported(f"{type(fn.__self__).__name__}.{fn.__name__}() of "
                          f"{natives.describe(opaque)} would run its code at build time",
                          code, offset)
    for value in values:
        reads.whole(b, value, code, offset)
    if fn.__name__ in ("encode", "decode") and type(fn.__self__) in (str, bytes):
        _standard_codec(fn, args, kwargs, code, offset)
    library_state.note_native_evaluation(b.record.settings, (fn.__self__, *values))
    try:
        result = fn(*args, **kwargs)
    except Exception as exc:       # the program's own error, e.g. "a".index("b")
        raise Thrown(exc, code, offset) from None
    if isinstance(result, (list, dict, set)):
        b.note_created(result)
    return b.provenance.note_computed(result, (fn.__self__, *values))


def _standard_codec(fn, args, kwargs, code, offset):
    """str.encode / bytes.decode runs a codec that codecs.lookup finds: one of Python's
    own `encodings` (searched first, the same at every call), or one a search function
    of the program's registers, which the program can swap between calls unseen."""
    encoding = kwargs.get("encoding", args[0] if args else "utf-8")
    if type(encoding) is not str:
        return
    normalized = encoding.lower().replace(" ", "_")
    if encodings.search_function(normalized) is None:
        raise Unsupported(f"{type(fn.__self__).__name__}.{fn.__name__}() with codec "
                          f"{encoding!r}, which is not one of Python's own: a search "
                          "function the program registered (codecs.register) may answer "
                          "differently at each call", code, offset)


def program_getitem(container):
    """The program's own __getitem__ that `container[key]` runs (on its class), or None
    (janus's stand-ins, library and builtin classes)."""
    if type(container).__module__.startswith("janus") or not is_user_object(container):
        return None
    impl = janus_ext.type_lookup(type(container), "__getitem__")
    return impl if isinstance(impl, types.FunctionType) and not from_library(impl) else None


def item_of(container, key):
    """`container[key]`, inlined where a builtin would subscript (operator.itemgetter):
    the builder reads it as the program's own subscript."""
    return container[key]


def subscript(b, container, key, code, offset):
    """`container[key]` of a user object: its class's __getitem__, looked up on the type
    as CPython does, guarded there and inlined."""
    impl = program_getitem(container)
    if not b.provenance.read_or_made(container):
        raise Unsupported(f"item read from {natives.describe(container)} would run its "
                          "code at build time", code, offset)
    reads.implicit_method(b, container, "__getitem__", impl)
    return b.inline(impl, (container, key), {}, code, offset)


def is_user_object(value):
    """An instance of a class the program wrote (its comparisons are its own code)."""
    return not is_stand_in(value) and natives.first_opaque((value,), False, is_library_object) is value \
        and not callable(value) and type(value).__module__ not in ("builtins", "collections")


def compare(b, symbol, left, right, code, offset):
    """`left == right` or `!=` with a user object on a side, by CPython's protocol: the
    right operand first if its class is a strict subclass of the left's, then the left,
    then the reflected side, then identity.  Each side's own __eq__/__ne__ is inlined
    and guarded on its class; object's defaults are identity."""
    name = "__eq__" if symbol == "==" else "__ne__"
    if type(right) is not type(left) and issubclass(type(right), type(left)):
        order = ((right, left), (left, right))
    else:
        order = ((left, right), (right, left))
    for me, other in order:
        result = _side(b, me, other, name, symbol, code, offset)
        if result is not NotImplemented:
            return result
    return (left is right) if symbol == "==" else (left is not right)


def _side(b, me, other, name, symbol, code, offset):
    why = f"{symbol} on {natives.describe(me)} would run its code at build time"
    impl = janus_ext.type_lookup(type(me), name)
    if impl is _OBJECT_SLOTS[name]:
        if name == "__eq__":
            return True if me is other else NotImplemented
        # object.__ne__ inverts this side's own __eq__.
        equal = _side(b, me, other, "__eq__", symbol, code, offset)
        if equal is NotImplemented:
            return NotImplemented
        if type(equal) is bool:
            return not equal
        if is_symbolic(equal) and equal.dtype == tf.bool:
            return tf.logical_not(equal)
        raise Unsupported(f"{why}: its __eq__ gave {type(equal).__qualname__}", code, offset)
    if not is_user_object(me):
        if type(me) in natives.SCALARS + natives.CONTAINERS:
            return impl(me, other)    # C code: NotImplemented for an object of another type
        raise Unsupported(why, code, offset)
    if not isinstance(impl, types.FunctionType) or not b.provenance.read_or_made(me):
        raise Unsupported(why, code, offset)
    reads.implicit_method(b, me, name, impl)
    return b.inline(impl, (me, other), {}, code, offset)


_ARITHMETIC = {"+": "add", "-": "sub", "*": "mul", "/": "truediv", "//": "floordiv",
               "%": "mod", "**": "pow", "@": "matmul", "&": "and", "|": "or", "^": "xor",
               "<<": "lshift", ">>": "rshift"}
# Operands whose own operator is C code that reads no object of the program's: it
# answers NotImplemented for one, and CPython then asks the program's reflected dunder.
_NUMBERS = (int, float, bool, complex)


def is_arithmetic(symbol):
    return symbol in _ARITHMETIC or symbol.endswith("=") and symbol[:-1] in _ARITHMETIC


def arithmetic(b, symbol, left, right, code, offset):
    """`left op right` or `left op= right` with a user object on a side, by CPython's
    protocol: `__iop__` first for an in-place operator; then the right operand's
    reflected dunder first if its class is a strict subclass of the left's that
    overrides it, the left's `__op__`, the right's `__rop__`; TypeError when all answer
    NotImplemented.  The program's dunders are inlined and guarded on the class, an
    absent one guarded absent; a Python number's own operator runs natively.  A tensor,
    array or library object on the left is refused: its operator is library code that
    converts the program's object (registered conversions, TF's API dispatch, numpy's
    protocols) before it asks the object's reflected dunder."""
    op = symbol[:-1] if symbol not in _ARITHMETIC else symbol
    stem = _ARITHMETIC[op]
    if op != symbol and is_user_object(left):
        result = _operand(b, left, f"__i{stem}__", right, symbol, code, offset)
        if result is not NotImplemented:
            return result
    forward, reflected = f"__{stem}__", f"__r{stem}__"
    kind, other_kind = type(left), type(right)
    ask_right = other_kind is not kind
    if ask_right and issubclass(other_kind, kind) and is_user_object(left):
        # Which side goes first depends on both classes' reflected dunders: each is
        # guarded as found (or absent), on the program's classes.
        for side in (left, right):
            _pin_lookup(b, side, reflected)
    if ask_right and issubclass(other_kind, kind) and \
            janus_ext.type_lookup(other_kind, reflected, _ABSENT) is not \
            janus_ext.type_lookup(kind, reflected, _ABSENT):
        result = _operand(b, right, reflected, left, symbol, code, offset)
        if result is not NotImplemented:
            return result
        ask_right = False
    result = _operand(b, left, forward, right, symbol, code, offset)
    if result is not NotImplemented:
        return result
    if ask_right:
        result = _operand(b, right, reflected, left, symbol, code, offset)
        if result is not NotImplemented:
            return result
    raise Thrown(TypeError(f"unsupported operand type(s) for {symbol}: "
                           f"'{kind.__name__}' and '{other_kind.__name__}'"), code, offset)


_ABSENT = object()


def _pin_lookup(b, me, name):
    impl = janus_ext.type_lookup(type(me), name, _ABSENT)
    if impl is _ABSENT:
        attribute_reads.class_lacks(b, me, name)
    else:
        reads.implicit_method(b, me, name, impl)


def _operand(b, me, name, other, symbol, code, offset):
    impl = janus_ext.type_lookup(type(me), name, _ABSENT)
    if type(me) in _NUMBERS:
        return NotImplemented if impl is _ABSENT else impl(me, other)
    if is_symbolic(me) or is_library_object(me):
        # TF's operator converts the object first: conversion functions registered for
        # its classes, its __tf_tensor__, numpy's protocols, TF's API dispatchers, and
        # only then its reflected dunder (override_binary_operator.binary_op_wrapper).
        raise Unsupported(f"{symbol} between a tensor or TF/Keras object and "
                          f"{natives.describe(other)}: TF's operator converts the "
                          "program's object, running its code at build time", code, offset)
    why = f"{symbol} on {natives.describe(me)} would run its code at build time"
    if not is_user_object(me) or not b.provenance.read_or_made(me):
        raise Unsupported(why, code, offset)
    if impl is _ABSENT:
        attribute_reads.class_lacks(b, me, name)
        return NotImplemented
    if not isinstance(impl, types.FunctionType):
        raise Unsupported(why, code, offset)       # `__iadd__ = None` too: CPython raises
    reads.implicit_method(b, me, name, impl)
    return b.inline(impl, (me, other), {}, code, offset)
