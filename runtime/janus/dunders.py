"""A builtin (`len`, `bool`, `float`, `int`) on a user object → its own dunder, inlined
by the builder and guarded on the class attribute, or a refusal (natives.py says which
values builtins may run on natively)."""

import types

import janus_ext

from . import natives, reads
from .errors import Unsupported
from .values import from_library, is_symbolic


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
        acc = b.sources.get(id(value))
        if not isinstance(impl, types.FunctionType) or (
                acc is None and id(value) not in b.created
                and id(value) not in b.made):
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
                                    b.promoted.get(id(result)) is want):
            return result
        raise Unsupported(f"{why}: its {dunder} gave {type(result).__qualname__}",
                          code, offset)
    raise Unsupported(why, code, offset)
