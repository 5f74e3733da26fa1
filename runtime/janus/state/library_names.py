"""Which attributes of the program's subclass of a TF/Keras class are the library's
configuration, and which are the program's own data.

A `FeatureScaler(keras.layers.Rescaling)` holds `scale`, which Rescaling's `call`
reads natively while janus builds, and may hold `history`, a list the loop appends to
that no library code reads.  Guarding the first is what keeps a graph right when the
program's method edits it in place (`self.scale[2] = 0.0`); guarding the second would
make every call a rebuild.  No watcher sees reads, so the line is drawn on the code: a
name that some function of the object's TF/Keras classes mentions (`self.scale` in
Rescaling's methods) is one library code may read, and is watched and guarded as on a
library object (library_state._Walk); any other name is the program's.  Mentions are
the attributes the library's code stores (STORE_ATTR, DELETE_ATTR): what a library
class keeps on itself is what its code reads back.  Names read
through getattr() with a computed string are not seen here: library code reads its
configuration by name (Keras' get_config goes through the same attributes).
"""

import dis
import functools
import types

from ..values import is_library_class


@functools.cache
def _names_of_class(cls) -> frozenset:
    names = set()
    for value in vars(cls).values():
        for fn in _functions_in(value):
            _code_names(fn.__code__, names)
    return frozenset(names)


def library_names(kind) -> frozenset:
    """The attribute names the code of kind's TF/Keras classes mentions."""
    return _names_of_classes(tuple(cls for cls in kind.__mro__ if is_library_class(cls)))


@functools.cache
def _names_of_classes(classes) -> frozenset:
    return frozenset().union(*map(_names_of_class, classes))


def _functions_in(value):
    if isinstance(value, (staticmethod, classmethod)):
        value = value.__func__
    if isinstance(value, property):
        return [f for f in (value.fget, value.fset, value.fdel)
                if isinstance(f, types.FunctionType)]
    if isinstance(value, functools.cached_property):
        value = value.func
    return [value] if isinstance(value, types.FunctionType) else []


def _code_names(code, names):
    # The attributes the library's code stores (`self.scale = scale` in Rescaling's
    # __init__): its configuration, not every name it mentions (`history`, `values`
    # and `items` are loaded or called everywhere in Keras).
    names.update(ins.argval for ins in dis.get_instructions(code)
                 if ins.opname in ("STORE_ATTR", "DELETE_ATTR"))
    for const in code.co_consts:
        if isinstance(const, types.CodeType):     # nested functions and comprehensions
            _code_names(const, names)
