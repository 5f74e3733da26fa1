"""Values the graph builder read from outside the graph → entry guards (janus_ext checks them).

Every value that a graph bakes in, or whose type and shape it assumes, was read through
an accessor: an argument, a global, an attribute or item of another such value, a
closure cell.  Each read adds a guard on that accessor; janus_ext.check_guards replays
the accessors before each graph call and refuses the graph when one does not hold.
The checker reads statically and compares constants exactly (janus_ext/guards.pxi); the
builder reads the values it guards through the same functions (janus/state/reads.py).
"""

import struct
import sys

import janus_ext
from janus_ext import (A_ARG, A_ATTR, A_CELL, A_CONST, A_DICT, A_GLOBAL, A_ITEM, A_LOOKUP, A_MRO,
                       A_OWN, A_PROP, A_TYPE, G_ABSENT, G_COLLECTION, G_ELEMENTS, G_EQ, G_IS,
                       G_KEYS, G_LEN, G_SAME, G_TENSOR, G_TYPE, G_TYPES)

from . import containers

# Immutable Python values that a graph may bake in, guarded by type and exact value.
SPECIALISABLE = (bool, int, float, str, bytes, type(None), complex)
_MISSING = object()


def _plain(value, depth=0):
    """A tuple of constants (and of such tuples): held by value, keeping nothing alive."""
    return depth < 8 and all(type(v) in SPECIALISABLE or type(v) is tuple and
                             _plain(v, depth + 1) for v in value)


def _held(obj):
    """How a guard stores an object it compares by identity: through a weak reference
    where its type takes one, so that a cached graph does not outlive the program's
    objects (docs/soundness.md#object-lifetime)."""
    return janus_ext.Weak(obj) if type(obj).__weakrefoffset__ else obj


def named(stored):
    """The object a guard stored, or None once it was freed."""
    return janus_ext.named(stored)


def names_freed(guard) -> bool:
    """Whether `guard` compares with an object the program has freed: it can never hold
    again."""
    kind = guard[0]
    if kind == G_IS:
        stored = (guard[2],)
    elif kind == G_ELEMENTS:
        stored = guard[3]
    else:
        return False          # (G_TYPES holds for an object once freed)
    return any(type(s) is janus_ext.Weak and s() is None for s in stored)


def arg(index):
    return (A_ARG, index)


def global_(globals_dict, builtins_dict, name):
    return (A_GLOBAL, globals_dict, builtins_dict, name)


def const(obj):
    """obj itself: the root of guards on an object the build knows by identity (the
    class of objects a recursive graph reads at run time).  Held weakly where its type
    allows: a cached graph must not keep the program's object alive.  Once it is freed,
    no call can reach it: guards rooted there hold, and a read there reads nothing."""
    return (A_CONST, _held(obj))


def attr(base, name):
    """base.name, read statically (janus_ext.static_getattr)."""
    return (A_ATTR, base, name)


def item(base, key):
    return (A_ITEM, base, key)


def lookup(base, name):
    """What type(base)'s MRO holds under name (how CPython finds __call__, __enter__)."""
    return (A_LOOKUP, base, name)


def own(base, name):
    """base's own __dict__ entry `name`."""
    return (A_OWN, base, name)


def mro(base):
    """The class base's MRO tuple (its identity: assigning `__bases__` anywhere in it
    makes a new one, and writes no class dict)."""
    return (A_MRO, base)


def instance_dict(base):
    """The dict that holds base's own attributes (its identity: two objects can share
    one)."""
    return (A_DICT, base)


def library_property(base, name, prop):
    """base.name through a TensorFlow/Keras property's getter."""
    if not _keras_getters_native:
        _register_keras_getters()
    return (A_PROP, base, name, prop)


# What the Keras getters janus_ext runs in C read (names the getter's code looks up),
# as keras/src/layers/layer.py writes them: a Keras whose getters read anything else
# keeps them in Python.
_KERAS_GETTER_NAMES = {
    "trainable": ("_trainable",),
    "variables": ("set", "_trainable_variables", "_non_trainable_variables", "id", "append",
                  "add", "_seed_generators", "state", "_layers", "variables"),
    "weights": ("set", "_trainable_variables", "_non_trainable_variables", "id", "append",
                "add", "_layers", "weights"),
    "trainable_variables": ("trainable", "variables"),
    "trainable_weights": ("trainable", "weights"),
}
_keras_getters_native = False


def _register_keras_getters():
    """Hand Keras' variable-list properties to janus_ext's C versions (guards.pxi), once
    Keras is loaded and its getters are the ones those versions follow."""
    global _keras_getters_native
    layer_module = sys.modules.get("keras.src.layers.layer")
    variables_module = sys.modules.get("keras.src.backend.common.variables")
    if layer_module is None or variables_module is None:
        return
    _keras_getters_native = True        # one attempt once Keras is there
    layer, variable = layer_module.Layer, variables_module.Variable
    props = {name: layer.__dict__.get(name) for name in _KERAS_GETTER_NAMES}
    props["variable trainable"] = variable.__dict__.get("trainable")
    expected = dict(_KERAS_GETTER_NAMES, **{"variable trainable": ("_trainable",)})
    for name, prop in props.items():
        if type(prop) is not property or prop.fget.__code__.co_names != expected[name]:
            return
    janus_ext.native_keras_getters(props["trainable"], props["variable trainable"],
                                   props["variables"], props["weights"],
                                   props["trainable_variables"], props["trainable_weights"])


def type_of(base):
    return (A_TYPE, base)


def cell(base):
    return (A_CELL, base)


def value_key(value):
    """A hashable key that tells apart what G_EQ tells apart (1, 1.0, True; 0.0, -0.0)
    and runs no __hash__ of the program: objects count by identity."""
    kind = type(value)
    if kind is float:
        return (kind, struct.pack("<d", value))
    if kind is complex:
        return (kind, struct.pack("<dd", value.real, value.imag))
    if kind is tuple:
        return (kind, tuple(value_key(v) for v in value))
    if kind in SPECIALISABLE:
        return (kind, value)
    return (kind, id(value))


def root(acc):
    """The place `acc` starts from: an argument, a global or an object known by
    identity (A_ARG, A_GLOBAL, A_CONST); None for None."""
    while acc is not None and acc[0] not in (A_ARG, A_GLOBAL, A_CONST):
        acc = acc[1]
    return acc


def accessor_key(acc):
    """Accessors compared by content, their base objects (globals dicts, properties)
    by identity: two reads of `self.x` are one accessor."""
    kind = acc[0]
    if kind == A_ARG:
        return (kind, acc[1])
    if kind == A_GLOBAL:
        return (kind, id(acc[1]), id(acc[2]), acc[3])
    if kind == A_CONST:
        return (kind, id(named(acc[1])))
    if kind == A_ITEM:
        return (kind, accessor_key(acc[1]), value_key(acc[2]))
    if kind == A_PROP:
        return (kind, accessor_key(acc[1]), acc[2], id(acc[3]))
    if kind in (A_ATTR, A_LOOKUP, A_OWN):
        return (kind, accessor_key(acc[1]), acc[2])
    return (kind, accessor_key(acc[1]))


def describe_length(acc, arg_names) -> str:
    """How the cache and the builder name len() of the list at `acc` (one that varies
    is read at call time)."""
    return f"len({describe_accessor(acc, arg_names)})"


def describe_items(acc, arg_names) -> str:
    """How the cache and the builder name the items of the list at `acc` (a window of
    numbers that change between calls is read item by item at call time)."""
    return f"the items of {describe_accessor(acc, arg_names)}"


def describe_accessor(acc, arg_names) -> str:
    kind = acc[0]
    if kind == A_ARG:
        return arg_names[acc[1]] if acc[1] < len(arg_names) else f"arg {acc[1]}"
    if kind == A_GLOBAL:
        return f"global {acc[3]}"
    if kind == A_CONST:
        obj = named(acc[1])
        return getattr(obj, "__qualname__", None) or f"<{type(obj).__qualname__}>"
    base = describe_accessor(acc[1], arg_names)
    if kind in (A_ATTR, A_PROP):
        return f"{base}.{acc[2]}"
    if kind == A_ITEM:
        return f"{base}[{acc[2]!r}]" if type(acc[2]) in SPECIALISABLE else \
            f"{base}[<{type(acc[2]).__qualname__}>]"
    if kind == A_LOOKUP:
        return f"type({base}).{acc[2]}"
    if kind == A_OWN:
        return f"{base}.__dict__[{acc[2]!r}]"
    if kind == A_TYPE:
        return f"type({base})"
    if kind == A_DICT:
        return f"{base}.__dict__"
    if kind == A_MRO:
        return f"{base}.__mro__"
    return f"{base}.cell_contents"


class GuardSet:
    """The guards of one graph, in the order the builder added them, without repeats.

    Equal accessors are stored as one tuple, so that the checker's per-check memo
    (keyed by the accessor tuple) reads each place once."""

    def __init__(self):
        self.guards: list[tuple] = []
        self._seen: set = set()
        self._accessors: dict = {}          # accessor_key -> the accessor stored

    def _canonical(self, acc):
        key = accessor_key(acc)
        found = self._accessors.get(key)
        if found is None:
            if acc[0] not in (A_ARG, A_GLOBAL, A_CONST):
                acc = (acc[0], self._canonical(acc[1])[0], *acc[2:])
            found = self._accessors[key] = acc
        return found, key

    def _add(self, kind, acc, *expected, key=()):
        acc, acc_key = self._canonical(acc)
        if (kind, acc_key, key) not in self._seen:
            self._seen.add((kind, acc_key, key))
            self.guards.append((kind, acc, *expected))

    def require_is(self, acc, obj):
        # The type too: the build answered isinstance, method lookups and attribute
        # reads for the class the object had then, and `obj.__class__ = Other` keeps it.
        wrapped = janus_ext.wrapped_by(obj)
        if wrapped is None:
            self._add(G_IS, acc, _held(obj), type(obj), key=id(obj))
        else:
            # A staticmethod, classmethod or property: the build took the function it
            # holds, which `descriptor.__init__(other)` replaces without a new object.
            self._add(G_IS, acc, _held(obj), type(obj), tuple(map(_held, wrapped)),
                      key=id(obj))

    def require_same(self, acc, other_acc, same):
        """Whether `acc` and `other_acc` hold one object is `same` (tensors the graph
        takes as inputs, compared with `is` as eager compares the caller's objects)."""
        self._add(G_SAME, acc, self._canonical(other_acc)[0], bool(same),
                  key=(accessor_key(other_acc), bool(same)))

    def require_equal(self, acc, value):
        self._add(G_EQ, acc, type(value), value, key=value_key(value))

    def require_type(self, acc, typ):
        self._add(G_TYPE, acc, typ, key=id(typ))

    def require_tensor(self, acc, value, pattern):
        self._add(G_TENSOR, acc, type(value), value.dtype, tuple(pattern))

    def require_elements(self, acc, container):
        # Read from the storage, as the checker does: a subclass's __iter__ is code.
        if type(container) is containers.deque or isinstance(container, set):
            # An exact deque or set, or Keras' TrackedSet: their C iterator.
            stored = tuple(container)
        else:
            stored = tuple((list if isinstance(container, list) else tuple).__iter__(
                container))
        held = tuple(_held(obj) for obj in stored)
        types = tuple(type(obj) for obj in stored)      # identity implies type
        if type(container) is set:
            # And its table's size and deleted slots, which decide what a copy of it
            # (set(s), s.copy(), {*s}) iterates in: invisible in its items.
            self._add(G_ELEMENTS, acc, set, held, types, janus_ext.set_layout(container))
        else:
            self._add(G_ELEMENTS, acc, type(container), held, types)

    def require_length(self, acc, length):
        self._add(G_LEN, acc, length)

    def require_keys(self, acc, mapping):
        self._add(G_KEYS, acc, type(mapping), containers.keys_in_order(mapping))

    def require_collection(self, acc, container):
        """An exact stdlib container built with the same maxlen or default_factory."""
        parameter = containers.built_with(container)
        self._add(G_COLLECTION, acc, type(container), parameter, key=id(parameter))

    def require_absent(self, acc):
        """acc (an own-dict entry, a dict's str key) must not exist: nothing shadows the
        class attribute, or the lookup raises KeyError."""
        self._add(G_ABSENT, acc)

    def require_value(self, acc, value):
        """The strongest cheap guard for a value the graph bakes in: the exact value of
        a constant (tuples too), the identity of anything else."""
        if type(value) in SPECIALISABLE or type(value) is tuple and _plain(value):
            self.require_equal(acc, value)
        elif type(value) is tuple:
            self.require_items(acc, value)
        else:
            self.require_is(acc, value)

    def require_items(self, acc, value):
        """A tuple holding objects, item by item: the tuple itself cannot be held
        weakly, and holding it would keep what it holds alive (a hook object replaced
        with its tuple: docs/soundness.md#object-lifetime)."""
        self.require_type(acc, tuple)
        self.require_length(acc, len(value))
        for index, held in enumerate(value):
            self.require_value(item(acc, index), held)

    def freeze(self) -> tuple:
        return tuple(self.guards)


def pinned_contents(lists) -> tuple:
    """Guards that each list still holds the objects it holds now (lists library objects
    keep: a schedule's `values`; no watcher sees a write into a list)."""
    pinned = GuardSet()
    for container in lists:
        pinned.require_elements(const(container), container)
    return pinned.freeze()


def pinned_partials(partials) -> tuple:
    """Guards that each functools.partial still holds the function, the arguments and
    the keywords dict it holds now: `p.__setstate__((f, args, kw, None))` replaces them
    in the object's C fields, which no dict watcher sees (its keywords dict's entries
    are watched, library_state.watch)."""
    pinned = GuardSet()
    for held in partials:
        where = const(held)
        pinned.require_is(attr(where, "func"), held.func)
        pinned.require_items(attr(where, "args"), held.args)
        pinned.require_is(attr(where, "keywords"), held.keywords)
    return pinned.freeze()


def pinned_mros(classes) -> tuple:
    """A guard per class that its MRO is the tuple it is now: assigning `__bases__` to
    one of the program's classes above it writes no dict, and library code's lookups
    (Keras' `self.call`, an optimizer's `update_step`) would find another class's."""
    pinned = GuardSet()
    for cls in classes:
        pinned.require_is(mro(const(cls)), cls.__mro__)
    return pinned.freeze()


def pinned_types(objects) -> tuple:
    """One guard that each object still has the class it has now (library objects whose
    dicts are watched: assigning `__class__` writes no dict).  One G_TYPES guard, not a
    G_TYPE per object: a model reaches ~150 such objects, and the checker compares their
    types in one loop (~0.5 µs) where 150 guards cost ~19 µs a call."""
    objects = tuple(objects)
    if not objects:
        return ()
    # And the address of the dict each keeps its attributes in, which the watch watches
    # (a copy put in its place while the old one lives is no event of the old one).
    return ((G_TYPES, const(None), tuple(_held(obj) for obj in objects),
             tuple(type(obj) for obj in objects),
             tuple(janus_ext.dict_address(obj) for obj in objects)),)


def read(acc, args, default=None):
    """What the checker reads at `acc` for a call with `args`, or `default` when that
    place cannot be read statically or is gone (a library getter that raised)."""
    try:
        return janus_ext.read_accessor(acc, args, default)
    except Exception:
        return default


def show(value) -> str:
    """repr of a Python constant; other objects by type only (their __repr__ is the
    program's code, and explanations run on every miss)."""
    if type(value) in SPECIALISABLE:
        return repr(value)
    if type(value) is tuple:
        return "(" + ", ".join(show(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    return f"<{type(value).__qualname__}>"


def explain_failure(guard, args, arg_names) -> str:
    """'images: shape (29, 8, 8, 1) is not (64, 8, 8, 1)'-style text for stats."""
    if names_freed(guard) and guard[0] != G_IS:
        return "an object the graph was built for was freed"
    if guard[0] == G_TYPES:
        for obj, cls, dict_id in zip(map(named, guard[2]), guard[3], guard[4]):
            if obj is None:
                continue
            if type(obj) is not cls:
                return (f"an object of class {cls.__name__} that library code reads "
                        f"is now of class {type(obj).__name__}")
            if janus_ext.dict_address(obj) != dict_id:
                return (f"the __dict__ of a {cls.__name__} object that library code "
                        "reads was replaced")
        return "library objects' classes changed"
    where = describe_accessor(guard[1], arg_names)
    value = read(guard[1], args, _MISSING)
    kind = guard[0]
    if kind == G_ABSENT and guard[1][0] == A_ITEM:
        return f"{where}: present, where the build raised KeyError"
    if kind == G_ABSENT:
        return f"{where}: set, where the graph was built for it absent"
    if value is _MISSING:
        return f"{where}: cannot be read without running the program's code, or is gone"
    if kind == G_TENSOR:
        if type(value) is not guard[2]:
            return f"{where}: {type(value).__name__} is not {guard[2].__name__}"
        shape = tuple(value.shape)
        expected = tuple("?" if d is None else d for d in guard[4])
        return (f"{where}: {type(value).__name__} {value.dtype} "
                f"{shape} is not {guard[2].__name__} {guard[3]} {expected}")
    if kind == G_EQ:
        if type(value) is not guard[2]:
            return (f"{where}: {show(value)} ({type(value).__name__}) is not "
                    f"{show(guard[3])} ({guard[2].__name__})")
        return f"{where}: {show(value)} is not {show(guard[3])}"
    if kind == G_LEN:
        return f"{where}: length {janus_ext.static_len(value)} is not {guard[2]}"
    if kind == G_ELEMENTS and isinstance(value, (list, tuple)):
        # Read from the storage, as the checker does.
        stored_now = (list if isinstance(value, list) else tuple).__iter__(value)
        for index, (obj, stored, cls) in enumerate(zip(stored_now, guard[3], guard[4])):
            if obj is named(stored) and type(obj) is not cls:
                return (f"{where}: item {index} is now of class {type(obj).__qualname__}, "
                        f"not {cls.__qualname__}")
    if kind in (G_ELEMENTS, G_KEYS):
        return f"{where}: contents changed"
    if kind == G_TYPE:
        return f"{where}: type {type(value).__name__} is not {guard[2].__name__}"
    if kind == G_COLLECTION:
        if type(value) is not guard[2]:
            return f"{where}: type {type(value).__name__} is not {guard[2].__name__}"
        return f"{where}: built with another {containers.PARAMETER[guard[2]]}"
    if kind == G_SAME:
        other = describe_accessor(guard[2], arg_names)
        return f"{where}: {'no longer' if guard[3] else 'now'} the same object as {other}"
    if kind == G_IS and names_freed(guard):
        return f"{where}: the object the graph was built for was freed"
    if kind == G_IS and value is named(guard[2]) and type(value) is not guard[3]:
        return (f"{where}: its class is now {type(value).__qualname__}, "
                f"not {guard[3].__qualname__}")
    if kind == G_IS and value is named(guard[2]):
        return f"{where}: the same {type(value).__name__}, re-initialised with another function"
    return f"{where}: not the same object as when the graph was built"
