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
    array or library object on the other side is refused: its operator is library code
    that converts the program's object."""
    op = symbol[:-1] if symbol not in _ARITHMETIC else symbol
    stem = _ARITHMETIC[op]
    if op != symbol and is_user_object(left):
        result = _operand(b, left, f"__i{stem}__", right, symbol, code, offset)
        if result is not NotImplemented:
            return result
    forward, reflected = f"__{stem}__", f"__r{stem}__"
    kind, other_kind = type(left), type(right)
    ask_right = other_kind is not kind
    if ask_right and issubclass(other_kind, kind) and \
            janus_ext.type_lookup(other_kind, reflected) is not \
            janus_ext.type_lookup(kind, reflected):
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


def _operand(b, me, name, other, symbol, code, offset):
    impl = janus_ext.type_lookup(type(me), name)
    if type(me) in _NUMBERS:
        return NotImplemented if impl is None else impl(me, other)
    if is_symbolic(me) or is_library_object(me):
        if isinstance(me, tf.Tensor) and is_user_object(other) and \
                getattr(impl, "__qualname__", "").endswith("<locals>.binary_op_wrapper"):
            return _handed_to_reflected(b, me, name, other, symbol, code, offset)
        raise Unsupported(f"{symbol} between a tensor or TF/Keras object and "
                          f"{natives.describe(other)}: TF's operator converts the "
                          "program's object, running its code at build time", code, offset)
    why = f"{symbol} on {natives.describe(me)} would run its code at build time"
    if not is_user_object(me) or not b.provenance.read_or_made(me):
        raise Unsupported(why, code, offset)
    if impl is None:
        attribute_reads.class_lacks(b, me, name)
        return NotImplemented
    if not isinstance(impl, types.FunctionType):
        raise Unsupported(why, code, offset)
    reads.implicit_method(b, me, name, impl)
    return b.inline(impl, (me, other), {}, code, offset)


# What TF's conversion of an object to a tensor (tensor_conversion_registry.convert,
# then numpy's array conversion under constant()) looks for, and what its error message
# formats: none of them the program's code, or TF's operator would run it.
_CONVERSION_HOOKS = ("__tf_tensor__", "__array__", "__array_interface__",
                     "__array_struct__", "__buffer__", "__len__", "__getitem__", "__iter__",
                     "__getattr__", "__getattribute__", "__repr__", "__str__", "__format__")
# Those asked of the object itself (getattr(value, "__tf_tensor__"), numpy's lookups on
# the instance), where its own entry comes first.
_ASKED_OF_THE_OBJECT = ("__tf_tensor__", "__array__", "__array_interface__",
                        "__array_struct__")


def _handed_to_reflected(b, tensor, name, other, symbol, code, offset):
    """`tensor op obj` for the program's object: TF's operator (override_binary_operator
    binary_op_wrapper) fails to convert the object (TypeError or ValueError) and then
    calls `getattr(obj, "__rop__")(tensor)`.  The build answers the same where that
    failure runs none of the program's code: no conversion function registered for
    the object's classes but TF's default, and none of the hooks conversion and its
    error message consult, on the object or its classes (guarded absent).  The
    reflected dunder is then inlined; where it is missing, gives NotImplemented or
    raises, TF raises its conversion error, which the interpreter does at that call."""
    from tensorflow.python.framework import tensor_conversion_registry
    kind = type(other)
    acc = b.provenance.source_of(other)
    registered = tensor_conversion_registry.get(kind)
    reflected = "__r" + name[2:]
    impl = janus_ext.type_lookup(kind, reflected)
    if acc is None or any(base is not object for base, _ in registered) or \
            not isinstance(impl, types.FunctionType):
        raise Unsupported(f"{symbol} between a tensor and {natives.describe(other)}: TF "
                          "converts the object first, which runs its code or fails "
                          "where the build cannot follow", code, offset)
    for hook in _CONVERSION_HOOKS:
        if janus_ext.type_lookup(kind, hook) is not janus_ext.type_lookup(object, hook):
            raise Unsupported(f"{symbol} between a tensor and {natives.describe(other)}, "
                              f"whose class has {hook}: TF's conversion of it runs the "
                              "program's code", code, offset)
        attribute_reads.class_lacks(b, other, hook)
    for hook in _ASKED_OF_THE_OBJECT:
        attribute_reads.own_lacks(b, other, acc, hook)
    attribute_reads.own_lacks(b, other, acc, reflected)
    reads.implicit_method(b, other, reflected, impl)
    try:
        result = b.inline(impl, (other, tensor), {}, code, offset)
    except Thrown as thrown:
        if isinstance(thrown.exception, (TypeError, ValueError)):
            raise Unsupported(f"{symbol} between a tensor and {natives.describe(other)}: "
                              f"its {reflected} raised, and TF raises its conversion "
                              "error instead", code, offset) from None
        raise
    if result is NotImplemented:
        raise Unsupported(f"{symbol} between a tensor and {natives.describe(other)}: its "
                          f"{reflected} gave NotImplemented, and TF raises its conversion "
                          "error", code, offset)
    return result
