"""Python objects as graph values (the paper's object-pointer tensors).

An argument whose identity changes from call to call (a new tree each step) cannot be
specialised.  Its object travels through the graph as an int64 pointer tensor, valid
for one graph call (janus_ops.cc keeps every object it hands out referenced until the
call ends).  Attribute reads become JanusGetAttr ops that run at graph run time.

What a read returns is decided at build time from *samples*: the objects of the same
class reachable from the build-time argument.  Every sampled value must be of one kind
(an int, a float, a bool, or an object of one plain class, possibly None); the op
checks the kind again at run time, and a value of another kind fails the call over to
the interpreter.
"""

import inspect
import types

import tensorflow as tf

from ..graph import recursion
from ..values import StandIn, is_library_object

MAX_SAMPLES = 4096          # objects walked to learn what a class's attributes hold


class ObjectRef(StandIn):
    """A Python object of class `cls` that the graph reaches at run time."""

    __slots__ = ("pointer", "cls", "population")
    described_as = "an object the graph reaches at run time"

    def __init__(self, pointer, cls, population):
        self.pointer = pointer          # int64 scalar tensor; 0 would be None
        self.cls = cls
        self.population = population    # Population: sampled objects by class

    def __repr__(self):
        return f"<janus object pointer: {self.cls.__qualname__}>"


def is_plain_instance(value) -> bool:
    """An instance of a user class whose attributes are plain storage."""
    cls = type(value)
    if isinstance(value, (type, types.ModuleType, types.FunctionType, types.MethodType,
                          types.BuiltinFunctionType)) or cls.__module__ == "builtins":
        return False
    if is_library_object(value) or (cls.__module__ or "").startswith("numpy"):
        return False
    return (cls.__getattribute__ is object.__getattribute__
            and not hasattr(cls, "__getattr__"))


def own_fields(obj):
    """(name, slot member or None, value) of what the instance itself holds: its
    __slots__ members that are set, then its __dict__ entries."""
    for cls in type(obj).__mro__:
        for name, member in vars(cls).items():
            if type(member) is types.MemberDescriptorType:
                try:
                    yield name, member, member.__get__(obj, cls)
                except AttributeError:      # a member never set
                    pass
    if hasattr(obj, "__dict__"):
        for name, value in vars(obj).items():
            yield name, None, value


class Population:
    """The objects reachable from some roots, grouped by class (a bounded walk)."""

    def __init__(self):
        self.by_class: dict[type, list] = {}
        self._seen: set[int] = set()

    def add(self, root):
        todo = [root]
        while todo and len(self._seen) < MAX_SAMPLES:
            obj = todo.pop()
            if id(obj) in self._seen or not is_plain_instance(obj):
                continue
            self._seen.add(id(obj))
            self.by_class.setdefault(type(obj), []).append(obj)
            todo.extend(value for _, _, value in own_fields(obj))

    def values_of(self, cls, name):
        return [getattr(obj, name) for obj in self.by_class.get(cls, ())
                if hasattr(obj, name)]


class CannotRead(Exception):
    pass


def read_kind(cls, name, samples):
    """(kind, value class or None, Python type of the result) for JanusGetAttr."""
    descriptor = inspect.getattr_static(cls, name, None)
    if descriptor is not None and type(descriptor) is not types.MemberDescriptorType:
        raise CannotRead(f"{cls.__qualname__}.{name} is not a plain data attribute")
    present = [v for v in samples if v is not None]
    has_none = len(present) < len(samples)
    kinds = {type(v) for v in present}
    if not present:
        # A link no sampled object uses yet (every right child cut off): read as None
        # or an object of the same class, the shape of a tree or a list.  The op
        # checks the class at run time; anything else fails the call over.
        return recursion.OBJECT_OR_NONE, cls, None
    if len(kinds) > 1:
        raise CannotRead(f"{cls.__qualname__}.{name} holds values of several types: "
                         + ", ".join(sorted(k.__name__ for k in kinds)))
    (kind,) = kinds
    if kind is bool:
        return recursion.BOOL, None, bool
    if kind is int:
        return recursion.INT, None, int
    if kind is float:
        return recursion.FLOAT, None, float
    if all(is_plain_instance(v) for v in present):
        return (recursion.OBJECT_OR_NONE if has_none else recursion.OBJECT), kind, None
    raise CannotRead(f"{cls.__qualname__}.{name} holds {kind.__qualname__} objects, "
                     "which a graph cannot read at run time")


def is_none(ref):
    return tf.equal(ref.pointer, 0)


def truth_is_identity(cls) -> bool:
    """Objects of `cls` are always true (no __bool__ or __len__)."""
    return not hasattr(cls, "__bool__") and not hasattr(cls, "__len__")
