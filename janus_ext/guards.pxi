# Entry guards (built by janus/guards.py), included by janus_ext.pyx.  An accessor says
# where a value is read from, a guard what it must be.  check_guards runs before every
# graph call, so it reads each accessor once per check (memo) and stops at the first
# failure.
#
# Reads are static: no accessor runs the program's Python code
# (docs/DESIGN.md#guard-checks-are-pure).  A counting descriptor read through getattr
# here advanced 5x faster under janus than eagerly.  An attribute is found where CPython finds it -- a data
# descriptor on the type, then the instance __dict__, then a non-data descriptor or
# plain class attribute -- but only where finding it runs no Python: a property, a user
# descriptor's __get__, a __getattr__ fallback or a custom __getattribute__ make the
# value unreadable, and a guard on an unreadable value fails.  A method is read as the
# raw object of the class dict (the function, staticmethod or classmethod), so that an
# identity guard on it holds at every call: a bound method is new at every read.
# The one read that calls Python is A_PROP, which the builder records only for a
# property whose getter belongs to TensorFlow or Keras (model.trainable_variables).
#
# Constants compare exactly: same type, and for floats the same bits (0.0 is not -0.0,
# a NaN matches itself), recursively through tuples; 1, 1.0 and True never match.

import array as _array_module
import collections as _collections
import types as _types
import weakref as _weakref

from libc.string cimport memcmp
from cpython.object cimport PyTypeObject, Py_TYPE
from cpython.dict cimport PyDict_GetItemWithError, PyDict_Next, PyDict_Size
from cpython.list cimport PyList_GET_SIZE, PyList_GET_ITEM
from cpython.set cimport PySet_GET_SIZE
from cpython.tuple cimport PyTuple_GET_SIZE, PyTuple_GET_ITEM

cdef extern from *:
    """
    /* Attribute lookup is CPython's generic one, in C (functools.partial's own
       __getattribute__ slot wrapper is that function, not object's wrapper). */
    static int janus_generic_getattr(PyObject *o) {
        return Py_TYPE(o)->tp_getattro == PyObject_GenericGetAttr;
    }
    """
    bint janus_generic_getattr(object o)

cdef extern from *:
    """
    /* Classes found plain for a Keras getter (guards.pxi, _plain_type), by kind: a
       direct-mapped table of (class, its version tag then).  CPython gives a class a new
       tag whenever it or a base is assigned to, and never reuses one, so an entry holds
       only while the class is as it was checked; it keeps no class alive. */
    typedef struct { PyTypeObject *type; unsigned int version; } janus_plain_entry;
    static janus_plain_entry janus_plain_types[3][64];
    static janus_plain_entry *janus_plain_slot(PyObject *o, int kind) {
        return &janus_plain_types[kind][((uintptr_t)Py_TYPE(o) >> 5) & 63];
    }
    static int janus_plain_known(PyObject *o, int kind) {
        janus_plain_entry *e = janus_plain_slot(o, kind);
        return e->type == Py_TYPE(o) && e->version != 0 &&
               e->version == Py_TYPE(o)->tp_version_tag;
    }
    static void janus_plain_remember(PyObject *o, int kind) {
        janus_plain_entry *e = janus_plain_slot(o, kind);
        e->type = Py_TYPE(o);
        e->version = Py_TYPE(o)->tp_version_tag;
    }
    """
    bint janus_plain_known(object o, int kind)
    void janus_plain_remember(object o, int kind)

cdef extern from "Python.h":
    PyObject *_PyType_Lookup(PyTypeObject *type, object name)   # borrowed; never raises
    PyObject **_PyObject_GetDictPtr(object obj)                  # NULL: no __dict__
    bint PyType_Check(object obj)
    bint PyCell_Check(object obj)
    int PyWeakref_GetRef(PyObject *ref, PyObject **pobj) except -1
    void Py_XDECREF(PyObject *obj)
    # A class's MRO tuple, as CPython's lookups walk it (A_MRO).
    ctypedef struct _janus_type_mro "PyTypeObject":
        PyObject *tp_mro

cdef enum:
    _A_ARG, _A_GLOBAL, _A_ATTR, _A_ITEM, _A_TYPE, _A_CELL, _A_LOOKUP, _A_OWN, _A_PROP, _A_CONST, \
    _A_DICT, _A_MRO

cdef enum:
    _G_IS, _G_EQ, _G_TENSOR, _G_ELEMENTS, _G_TYPE, _G_KEYS, _G_LEN, _G_ABSENT, _G_COLLECTION, \
    _G_SAME, _G_TYPES

# Accessors: (A_ARG, index) · (A_GLOBAL, globals, builtins, name) · (A_ATTR, base, name):
# the static read · (A_ITEM, base, key) · (A_TYPE, base) · (A_CELL, base) ·
# (A_LOOKUP, base, name): what type(base)'s MRO holds under name, raw · (A_OWN, base,
# name): base's own __dict__ entry · (A_PROP, base, name, property): a library
# property's getter, if type(base) still holds that property · (A_CONST, obj): obj ·
# (A_DICT, base): the dict that holds base's own attributes (`b.__dict__ = a.__dict__`
# makes two objects share one) · (A_MRO, base): the class base's MRO tuple (a new tuple
# whenever `__bases__` of it or of a class in it is assigned: no class dict changes then).
A_ARG, A_GLOBAL, A_ATTR, A_ITEM, A_TYPE, A_CELL = (
    _A_ARG, _A_GLOBAL, _A_ATTR, _A_ITEM, _A_TYPE, _A_CELL)
A_LOOKUP, A_OWN, A_PROP, A_CONST, A_DICT, A_MRO = (
    _A_LOOKUP, _A_OWN, _A_PROP, _A_CONST, _A_DICT, _A_MRO)
# G_ABSENT holds when its accessor (an A_OWN) finds nothing on a readable base.
# G_COLLECTION: an exact deque, Counter, defaultdict or OrderedDict, with the maxlen or
# default_factory it was built with (janus/containers.py).
# G_SAME (G_SAME, acc, other acc, bool): whether the two places hold one object, as the
# build answered `x is self.last_x` for tensors that are graph inputs.
# G_TYPES (G_TYPES, (A_CONST, None), objects, types, dict ids): each object still has
# its type and the dict it had (library objects whose dicts are watched:
# `obj.__class__ = Other` writes no dict, and `obj.__dict__ = copy` while the old dict
# lives is no event of the old one); one guard for them all, checked in a loop of
# pointer compares.
G_IS, G_EQ, G_TENSOR, G_ELEMENTS, G_TYPE, G_KEYS, G_LEN, G_ABSENT, G_COLLECTION, G_SAME = (
    _G_IS, _G_EQ, _G_TENSOR, _G_ELEMENTS, _G_TYPE, _G_KEYS, _G_LEN, _G_ABSENT,
    _G_COLLECTION, _G_SAME)
G_TYPES = _G_TYPES


class Weak(_weakref.ref):
    """How a guard names an object it must not keep alive: G_IS's object, G_ELEMENTS'
    items and G_TYPES' objects, where their type takes weak references.  A graph lives
    as long as its cache keeps it; the program's objects live as long as the program
    keeps them (a finalizer runs when eager runs it), and a guard on a freed object
    fails, except G_TYPES: a freed object's class cannot change."""
    __slots__ = ()


cdef object _WEAK = Weak


cdef bint _names(PyObject *stored, PyObject *value) except -1:
    """Whether a guard's stored object -- itself, or a Weak reference to it -- is `value`."""
    cdef PyObject *target
    cdef bint same
    if <PyObject *>Py_TYPE(<object>stored) != <PyObject *>_WEAK:
        return stored == value
    PyWeakref_GetRef(stored, &target)      # NULL once the object was freed
    same = target == value
    Py_XDECREF(target)
    return same


def named(stored):
    """The object a guard stored (through its Weak reference), or None once freed."""
    return stored() if type(stored) is _WEAK else stored


cdef object _MISSING = object()
# What an accessor rooted at a freed object reads (guards.const holds its object
# weakly): no call can reach that object any more, so guards about it hold; a call-time
# read of it reads nothing.
cdef object _FREED = object()
cdef object _NOT_READ = object()
cdef type _FUNCTION = _types.FunctionType
cdef type _MEMBER = _types.MemberDescriptorType
cdef type _GETSET = _types.GetSetDescriptorType
cdef type _METHOD_DESCRIPTOR = _types.MethodDescriptorType
cdef type _WRAPPER_DESCRIPTOR = _types.WrapperDescriptorType
cdef type _CLASSMETHOD_DESCRIPTOR = _types.ClassMethodDescriptorType
cdef object _OBJECT_GETATTRIBUTE = object.__dict__["__getattribute__"]
cdef object _MODULE_GETATTRIBUTE = _types.ModuleType.__dict__["__getattribute__"]
cdef object _TYPE_GETATTRIBUTE = type.__dict__["__getattribute__"]
cdef object _LIST_GETITEM = list.__dict__["__getitem__"]
cdef type _ARRAY = _array_module.array
cdef object _TUPLE_GETITEM = tuple.__dict__["__getitem__"]
cdef object _TUPLE_LEN = tuple.__dict__["__len__"]
cdef object _DICT_GETITEM = dict.__dict__["__getitem__"]
cdef object _SET_ITER = set.__dict__["__iter__"]
# The stdlib containers janus tracks.  deque, defaultdict and OrderedDict are C types
# whose methods no program can replace; Counter is a Python class, but its length,
# keys and items live in dict's storage, which is read here directly.
cdef type _DEQUE = _collections.deque
cdef type _COUNTER = _collections.Counter
cdef type _DEFAULTDICT = _collections.defaultdict
cdef type _ORDEREDDICT = _collections.OrderedDict


cdef inline bint _is_tracked_mapping(type kind):
    return kind is dict or kind is _COUNTER or kind is _DEFAULTDICT or kind is _ORDEREDDICT


# -- exact values -------------------------------------------------------------------

cdef bint _same_value(object a, object b) except -1:
    """Same type and same value, as the program can observe it; objects other than
    Python constants only by identity (their __eq__ is the program's code)."""
    cdef type kind = type(a)
    cdef double x, y
    cdef Py_ssize_t i, n
    if a is b:
        return True
    if kind is not type(b):
        return False
    if kind is int or kind is str or kind is bytes:
        return a == b
    if kind is float:
        x, y = a, b
        return memcmp(&x, &y, sizeof(double)) == 0
    if kind is complex:
        x, y = a.real, b.real
        if memcmp(&x, &y, sizeof(double)) != 0:
            return False
        x, y = a.imag, b.imag
        return memcmp(&x, &y, sizeof(double)) == 0
    if kind is tuple:
        n = PyTuple_GET_SIZE(a)
        if n != PyTuple_GET_SIZE(b):
            return False
        for i in range(n):
            if not _same_value(<object>PyTuple_GET_ITEM(a, i), <object>PyTuple_GET_ITEM(b, i)):
                return False
        return True
    return False         # bool, None: identity above; other objects: identity only


cdef Py_ssize_t _static_len(object value) except -2:
    """len() of a builtin container, -1 for anything whose __len__ could be Python."""
    cdef type kind = type(value)
    if (kind is list or kind is tuple or kind is dict or kind is str or kind is bytes
            or kind is set or kind is frozenset or kind is _DEQUE):
        return len(value)
    if _is_tracked_mapping(kind):
        return PyDict_Size(value)          # the storage: Counter.__len__ could be replaced
    if isinstance(value, tuple) and _type_lookup(kind, "__len__") is _TUPLE_LEN:
        return PyTuple_GET_SIZE(value)     # a namedtuple: tuple's storage, no Python
    return -1


# -- static reads -------------------------------------------------------------------

cdef inline bint _binds_without_python(type kind):
    # Descriptors whose raw class-dict object a static read returns: the builder binds
    # them itself (MethodType, __func__), which runs no Python code.
    return (kind is _FUNCTION or kind is staticmethod or kind is classmethod
            or kind is _METHOD_DESCRIPTOR or kind is _WRAPPER_DESCRIPTOR
            or kind is _CLASSMETHOD_DESCRIPTOR)


cdef object _instance_dict(object base):
    """The dict that holds base's own attributes (a module's dict for a module), or
    _MISSING.  (CPython 3.13 makes an object's dict from its inline values here.)"""
    cdef PyObject **slot = _PyObject_GetDictPtr(base)
    if slot == NULL or slot[0] == NULL:
        return _MISSING
    d = <object>slot[0]
    return d if type(d) is dict else _MISSING


cdef object _own_attr(object base, object name):
    """base's own __dict__ entry (a module's dict for a module), or _MISSING."""
    cdef PyObject *found
    d = _instance_dict(base)
    if d is _MISSING:
        return _MISSING
    found = PyDict_GetItemWithError(d, name)
    if found == NULL:
        return _MISSING
    return <object>found


# type's getters of a class's names: C code that runs none of the program's.
cdef object _TYPE_NAME = type.__dict__["__name__"]
cdef object _TYPE_QUALNAME = type.__dict__["__qualname__"]


cdef object _class_attr(object cls, object name):
    """cls.name for a class, following type.__getattribute__'s order, or _MISSING."""
    cdef PyTypeObject *meta = Py_TYPE(cls)
    cdef PyObject *on_meta
    cdef PyObject *found
    if _PyType_Lookup(meta, "__getattribute__") != <PyObject *>_TYPE_GETATTRIBUTE:
        return _MISSING
    on_meta = _PyType_Lookup(meta, name)
    if on_meta == <PyObject *>_TYPE_NAME or on_meta == <PyObject *>_TYPE_QUALNAME:
        return (<object>on_meta).__get__(cls, type(cls))   # type's own C getter
    if on_meta != NULL and Py_TYPE(<object>on_meta).tp_descr_set != NULL:
        return _MISSING        # __doc__, a metaclass property: not static
    found = _PyType_Lookup(<PyTypeObject *>cls, name)
    if found != NULL:
        descr = <object>found
        kind = type(descr)
        # On a class, functions, properties and C descriptors are their own value.
        if (Py_TYPE(descr).tp_descr_get == NULL or _binds_without_python(kind)
                or kind is property or kind is _MEMBER or kind is _GETSET):
            return descr
        return _MISSING
    if on_meta != NULL and Py_TYPE(<object>on_meta).tp_descr_get == NULL:
        return <object>on_meta
    return _MISSING


cdef object _static_attr(object base, object name):
    """base.name as CPython finds it, where finding it runs no Python, else _MISSING."""
    cdef PyTypeObject *tp
    cdef PyObject *found
    if type(name) is not str:
        return _MISSING
    if PyType_Check(base):
        return _class_attr(base, name)
    tp = Py_TYPE(base)
    found = _PyType_Lookup(tp, "__getattribute__")
    if found != <PyObject *>_OBJECT_GETATTRIBUTE and found != <PyObject *>_MODULE_GETATTRIBUTE \
            and not janus_generic_getattr(base):
        return _MISSING
    found = _PyType_Lookup(tp, name)
    if found != NULL and Py_TYPE(<object>found).tp_descr_set != NULL:
        descr = <object>found
        if type(descr) is _MEMBER:       # a __slots__ field: C code reads it
            try:
                return descr.__get__(base, type(base))
            except AttributeError:
                return _MISSING
        return _MISSING                  # a property or another data descriptor
    value = _own_attr(base, name)
    if value is not _MISSING or found == NULL:
        return value                     # an unfound name: AttributeError or __getattr__
    descr = <object>found
    if Py_TYPE(descr).tp_descr_get == NULL or _binds_without_python(type(descr)):
        return descr
    return _MISSING                      # a non-data descriptor with its own __get__


cdef object _type_lookup(object cls, object name):
    cdef PyObject *found
    if type(name) is not str or not PyType_Check(cls):
        return _MISSING
    found = _PyType_Lookup(<PyTypeObject *>cls, name)
    return _MISSING if found == NULL else <object>found


cdef object _library_property(object base, object name, object prop):
    # Recorded only for TensorFlow/Keras getters (janus/attributes.py): it runs the
    # library's Python, never the program's, while the class still holds `prop`.
    cdef PyTypeObject *tp = Py_TYPE(base)
    if _PyType_Lookup(tp, "__getattribute__") != <PyObject *>_OBJECT_GETATTRIBUTE:
        return _MISSING
    if type(name) is not str or _PyType_Lookup(tp, name) != <PyObject *>prop:
        return _MISSING
    value = _keras_native(base, prop)
    return prop.fget(base) if value is _MISSING else value


# Keras' variable lists in C.  `model.trainable_variables` is read at every call of a
# step that differentiates it, and its getter, run in Python, was two thirds of the
# demo's guard check (bench/dispatch.py --per-guard: 6.9 of 9.8 us).  Each function
# below is its Keras getter's own algorithm (keras/src/layers/layer.py), step for step,
# with the static reads above; where a step would run any other code (a class that
# overrides the property, a list type with its own + or iteration, a flag that is not a
# bool) it returns _MISSING and the getter itself runs.  janus/guards.py registers the
# getters (native_keras_getters) after checking that their code reads what these do;
# tests/unit/test_keras_getters.py compares both on layer trees.
cdef object _KERAS_LAYER_TRAINABLE = None       # Layer.trainable
cdef object _KERAS_VARIABLE_TRAINABLE = None    # keras Variable.trainable
cdef object _KERAS_VARIABLES = None             # Layer.variables
cdef object _KERAS_WEIGHTS = None               # Layer.weights
cdef object _KERAS_TRAINABLE_VARIABLES = None   # Layer.trainable_variables
cdef object _KERAS_TRAINABLE_WEIGHTS = None     # Layer.trainable_weights
cdef object _LIST_ITER = list.__dict__["__iter__"]
cdef object _LIST_ADD = list.__dict__["__add__"]


def native_keras_getters(layer_trainable, variable_trainable, variables, weights,
                         trainable_variables, trainable_weights):
    """Check these Keras properties (janus/guards.py) with the C versions above."""
    global _KERAS_LAYER_TRAINABLE, _KERAS_VARIABLE_TRAINABLE, _KERAS_VARIABLES
    global _KERAS_WEIGHTS, _KERAS_TRAINABLE_VARIABLES, _KERAS_TRAINABLE_WEIGHTS
    _KERAS_LAYER_TRAINABLE, _KERAS_VARIABLE_TRAINABLE = layer_trainable, variable_trainable
    _KERAS_VARIABLES, _KERAS_WEIGHTS = variables, weights
    _KERAS_TRAINABLE_VARIABLES, _KERAS_TRAINABLE_WEIGHTS = trainable_variables, trainable_weights


def keras_getter(obj, prop):
    """What the C version of Keras property `prop` reads on obj; None where it gives way
    to the getter (tests compare the two)."""
    value = _keras_native(obj, prop)
    return None if value is _MISSING else value


cdef object _keras_native(object obj, object prop):
    """Keras property `prop` of obj by its C version; _MISSING where there is none, or
    where it gives way to the getter."""
    if prop is _KERAS_TRAINABLE_VARIABLES or prop is _KERAS_TRAINABLE_WEIGHTS:
        return _keras_trainable(obj, prop is _KERAS_TRAINABLE_VARIABLES)
    if prop is _KERAS_VARIABLES or prop is _KERAS_WEIGHTS:
        return _keras_state(obj, prop is _KERAS_VARIABLES)
    return _MISSING


cdef bint _finds(object obj, str name, object prop):
    """obj.name runs `prop`'s getter: generic lookup, and type(obj) holds prop."""
    cdef PyTypeObject *tp = Py_TYPE(obj)
    return (_PyType_Lookup(tp, "__getattribute__") == <PyObject *>_OBJECT_GETATTRIBUTE and
            _PyType_Lookup(tp, name) == <PyObject *>prop)


# What a plain Keras class is for each getter: the property it must hold under each name,
# and the names it must not hold at all (the getter reads them from the instance dict).
cdef enum:
    _PLAIN_LAYER, _PLAIN_VARIABLE, _PLAIN_SEED_GENERATOR
cdef tuple _LAYER_FIELDS = ("_trainable_variables", "_non_trainable_variables", "_layers",
                            "_seed_generators", "_trainable")
cdef bint _plain_type(object obj, int kind) except -1:
    """Whether type(obj) is a plain class for the getters' reads of kind `kind`."""
    if janus_plain_known(obj, kind):
        return True
    if kind == _PLAIN_VARIABLE:
        plain = _finds(obj, "trainable", _KERAS_VARIABLE_TRAINABLE) and \
            _type_lookup(type(obj), "_trainable") is _MISSING
    elif kind == _PLAIN_SEED_GENERATOR:
        plain = _type_lookup(type(obj), "__getattribute__") is _OBJECT_GETATTRIBUTE and \
            _type_lookup(type(obj), "state") is _MISSING
    else:
        plain = _finds(obj, "trainable", _KERAS_LAYER_TRAINABLE) and \
            _type_lookup(type(obj), "variables") is _KERAS_VARIABLES and \
            _type_lookup(type(obj), "weights") is _KERAS_WEIGHTS and \
            all(_type_lookup(type(obj), name) is _MISSING for name in _LAYER_FIELDS)
    if plain:
        janus_plain_remember(obj, kind)     # with the tag the lookups above assigned
    return plain


cdef object _plain_list(object owner, str name):
    """owner.name if it is a list whose iteration and + are list's own, else _MISSING."""
    value = _own_attr(owner, name)
    if type(value) is list:
        return value
    if isinstance(value, list) and _type_lookup(type(value), "__iter__") is _LIST_ITER \
            and _type_lookup(type(value), "__add__") is _LIST_ADD \
            and _type_lookup(type(value), "__radd__") is _MISSING:
        return value                     # Keras' TrackedList
    return _MISSING


cdef class _Seen:
    """The objects a getter's `seen_ids` holds: a list scanned by identity while short
    (no int made per object), then a set of their ids."""
    cdef list objects
    cdef set ids

    def __cinit__(self):
        self.objects = []
        self.ids = None


cdef bint _add_new(list into, _Seen seen, object v) except -1:
    cdef Py_ssize_t i, n
    if seen.ids is None:
        n = PyList_GET_SIZE(seen.objects)
        for i in range(n):
            if PyList_GET_ITEM(seen.objects, i) == <PyObject *>v:
                return True
        if n < 32:
            seen.objects.append(v)
            into.append(v)
            return True
        seen.ids = {id(o) for o in seen.objects}
    key = id(v)
    if key not in seen.ids:
        into.append(v)
        seen.ids.add(key)
    return True


cdef bint _keras_collect(object layer, bint seeds, bint top, list found, _Seen seen) except -1:
    """Appends Layer.variables (seeds) or Layer.weights of `layer` to `found`, False where
    a step would run other code.  One pass with the outer call's `seen`: a sublayer's list
    is filtered again by its parent, which drops all it would have dropped, so only the
    outermost layer's seed states are appended unfiltered, as the getter appends them."""
    cdef Py_ssize_t i
    if not _plain_type(layer, _PLAIN_LAYER):
        return False
    own = _plain_list(layer, "_trainable_variables")
    other = _plain_list(layer, "_non_trainable_variables")
    sublayers = _plain_list(layer, "_layers")
    if own is _MISSING or other is _MISSING or sublayers is _MISSING:
        return False
    generators = _plain_list(layer, "_seed_generators") if seeds else []
    if generators is _MISSING:
        return False
    for i in range(PyList_GET_SIZE(own)):
        _add_new(found, seen, <object>PyList_GET_ITEM(own, i))
    for i in range(PyList_GET_SIZE(other)):
        _add_new(found, seen, <object>PyList_GET_ITEM(other, i))
    for i in range(PyList_GET_SIZE(generators)):
        generator = <object>PyList_GET_ITEM(generators, i)
        state = _own_attr(generator, "state") if _plain_type(generator, _PLAIN_SEED_GENERATOR) \
            else _MISSING
        if state is _MISSING:
            return False
        if top:
            found.append(state)
        else:
            _add_new(found, seen, state)
    for i in range(PyList_GET_SIZE(sublayers)):
        if not _keras_collect(<object>PyList_GET_ITEM(sublayers, i), seeds, False, found, seen):
            return False
    return True


cdef object _keras_state(object layer, bint seeds):
    """Layer.variables (seeds: with the seed generators' states) or Layer.weights."""
    cdef list found = []
    if not _keras_collect(layer, seeds, True, found, _Seen()):
        return _MISSING
    return found


cdef object _keras_trainable(object layer, bint seeds):
    """Layer.trainable_variables (seeds) or Layer.trainable_weights."""
    if not _plain_type(layer, _PLAIN_LAYER):
        return _MISSING
    flag = _own_attr(layer, "_trainable")
    if type(flag) is not bool:
        return _MISSING
    if flag is False:
        return []
    every = _keras_state(layer, seeds)
    if every is _MISSING:
        return _MISSING
    cdef list found = []
    for v in <list>every:
        if not _plain_type(v, _PLAIN_VARIABLE):
            return _MISSING
        flag = _own_attr(v, "_trainable")
        if type(flag) is not bool:
            return _MISSING
        if flag is True:
            found.append(v)
    return found


cdef object _dict_item(object d, object key):
    """d[key] where the stored key has key's exact type and value, else _MISSING: a
    read of key 1 must not find True or 1.0.  Keys other than str are scanned, so that
    no __hash__ or __eq__ of the program runs."""
    cdef PyObject *k
    cdef PyObject *v
    cdef PyObject *found
    cdef Py_ssize_t pos = 0
    if type(key) is str:        # only a str equals a str (str subclasses aside)
        found = PyDict_GetItemWithError(d, key)
        return _MISSING if found == NULL else <object>found
    while PyDict_Next(d, &pos, &k, &v):
        if _same_value(<object>k, key):
            return <object>v
    return _MISSING


cdef object _static_item(object base, object key):
    """base[key] for a dict, list or tuple whose __getitem__ is the builtin one (no
    subclass __getitem__ or __missing__ runs), else _MISSING."""
    cdef type kind = type(base)
    cdef Py_ssize_t i, n
    if kind is dict:
        return _dict_item(base, key)
    if kind is _ARRAY or kind is bytearray or kind is memoryview:
        # Mutable C sequences (an array.array of per-layer rates): their own C getitem.
        if type(key) is not int:
            return _MISSING
        try:
            return base[key]
        except (IndexError, ValueError, TypeError):     # ValueError: a released view
            return _MISSING
    if kind is not list and kind is not tuple:
        found = _type_lookup(kind, "__getitem__")
        if isinstance(base, dict) and found is _DICT_GETITEM:
            return _dict_item(base, key)
        if not ((isinstance(base, list) and found is _LIST_GETITEM) or
                (isinstance(base, tuple) and found is _TUPLE_GETITEM)):
            return _MISSING
    if type(key) is not int and type(key) is not bool:
        return _MISSING
    try:
        i = key
    except OverflowError:
        return _MISSING
    if isinstance(base, list):
        n = PyList_GET_SIZE(base)
        if i < 0:
            i += n
        return <object>PyList_GET_ITEM(base, i) if 0 <= i < n else _MISSING
    n = PyTuple_GET_SIZE(base)
    if i < 0:
        i += n
    return <object>PyTuple_GET_ITEM(base, i) if 0 <= i < n else _MISSING


cdef object _access(tuple acc, tuple args, dict memo):
    cdef Py_ssize_t key
    cdef PyObject *cell_value
    cdef PyObject *held
    cdef PyObject *mro
    cdef long kind = acc[0]
    # The roots are cheaper to read again than to look up in the memo.
    if kind == _A_ARG:
        return args[acc[1]]
    if kind == _A_GLOBAL:       # (A_GLOBAL, globals, builtins, name): LOAD_GLOBAL's lookup
        value = (<dict>acc[1]).get(acc[3], _MISSING)
        if value is _MISSING:
            value = (<dict>acc[2]).get(acc[3], _MISSING)
        return value
    if kind == _A_CONST:
        value = acc[1]
        if type(value) is not _WEAK:
            return value
        if PyWeakref_GetRef(<PyObject *>value, &held) != 1:
            return _FREED
        value = <object>held
        Py_XDECREF(held)
        return value
    key = <Py_ssize_t><void *>acc
    value = memo.get(key, _NOT_READ)
    if value is not _NOT_READ:
        return value
    base = _access(<tuple>acc[1], args, memo)
    if base is _MISSING or base is _FREED:
        value = base
    elif kind == _A_ATTR:
        value = _static_attr(base, acc[2])
    elif kind == _A_ITEM:
        value = _static_item(base, acc[2])
    elif kind == _A_LOOKUP:
        value = _type_lookup(type(base), acc[2])
    elif kind == _A_OWN:
        value = _own_attr(base, acc[2]) if type(acc[2]) is str else _MISSING
    elif kind == _A_PROP:
        value = _library_property(base, acc[2], acc[3])
    elif kind == _A_TYPE:
        value = type(base)
    elif kind == _A_DICT:
        value = _instance_dict(base)
    elif kind == _A_MRO:
        mro = (<_janus_type_mro *><PyObject *>base).tp_mro if PyType_Check(base) else NULL
        value = _MISSING if mro == NULL else <object>mro
    elif kind == _A_CELL:
        cell_value = PyCell_GET(<PyObject *>base) if PyCell_Check(base) else NULL
        value = _MISSING if cell_value == NULL else <object>cell_value
    else:
        raise ValueError(f"janus_ext: unknown accessor kind {kind}")
    memo[key] = value
    return value


# -- guards -------------------------------------------------------------------------

cdef bint _shape_matches(tuple shape, tuple pattern):
    cdef Py_ssize_t i, n = len(pattern)
    if len(shape) != n:
        return False
    for i in range(n):
        if pattern[i] is not None and shape[i] != pattern[i]:
            return False
    return True


cdef tuple _shape_of(object value):
    shape = getattr(value, "_shape_tuple", None)   # EagerTensor: no TensorShape built
    if shape is not None:
        return shape()
    return tuple(value.shape)


cdef inline bint _names_typed(tuple expected, tuple types, Py_ssize_t i,
                              PyObject *item) except -1:
    # Identity implies type: an item whose __class__ the program assigned is not the
    # item built for.
    return _names(PyTuple_GET_ITEM(expected, i), item) and \
        <PyObject *>Py_TYPE(<object>item) == PyTuple_GET_ITEM(types, i)


cdef bint _same_objects(object value, tuple expected, tuple types) except -1:
    """The list or tuple storage of `value` (or an exact set or deque) holds exactly
    `expected`'s objects in order, each still of its class in `types`; read from the
    storage, so a subclass's __iter__ or __len__ does not run."""
    cdef Py_ssize_t i, n = PyTuple_GET_SIZE(expected)
    if isinstance(value, list):
        if PyList_GET_SIZE(value) != n:
            return False
        for i in range(n):
            if not _names_typed(expected, types, i, PyList_GET_ITEM(value, i)):
                return False
        return True
    if isinstance(value, tuple):
        if PyTuple_GET_SIZE(value) != n:
            return False
        for i in range(n):
            if not _names_typed(expected, types, i, PyTuple_GET_ITEM(value, i)):
                return False
        return True
    if type(value) is set or (isinstance(value, set) and
                              _type_lookup(type(value), "__iter__") is _SET_ITER):
        # An exact set's own C iterator, in table order (or a library subclass's that
        # iterates with it: Keras' TrackedSet).
        if PySet_GET_SIZE(value) != n:
            return False
        i = 0
        for item in value:
            if not _names_typed(expected, types, i, <PyObject *>item):
                return False
            i += 1
        return True
    if type(value) is _DEQUE:      # deque's own C iterator: no code of the program
        if len(value) != n:
            return False
        i = 0
        for item in value:
            if not _names_typed(expected, types, i, <PyObject *>item):
                return False
            i += 1
        return True
    return False


cdef bint _built_with(object value, object parameter) except -1:
    # Both are C members of exact C types: reading them runs no code of the program.
    if type(value) is _DEQUE:
        return (<object>value).maxlen == parameter if parameter is not None \
            else (<object>value).maxlen is None
    if type(value) is _DEFAULTDICT:
        return (<object>value).default_factory is parameter
    return True


cdef bint _same_keys(object d, tuple keys) except -1:
    cdef PyObject *k
    cdef PyObject *v
    cdef Py_ssize_t pos = 0, i = 0, n = PyTuple_GET_SIZE(keys)
    if PyDict_Size(d) != n:
        return False
    if type(d) is _ORDEREDDICT:
        # Its order is its own linked list (move_to_end), walked by its C iterator.
        for key in d:
            if i >= n or not _same_value(key, <object>PyTuple_GET_ITEM(keys, i)):
                return False
            i += 1
        return i == n
    while PyDict_Next(d, &pos, &k, &v):
        if not _same_value(<object>k, <object>PyTuple_GET_ITEM(keys, i)):
            return False
        i += 1
    return True


def wrapped_by(obj):
    """The functions a staticmethod, classmethod or property holds (G_IS compares them),
    or None for any other object.  Read from C members: no code of the program runs."""
    kind = type(obj)
    if kind is staticmethod or kind is classmethod:
        return (obj.__func__,)
    if kind is property:
        return (obj.fget, obj.fset, obj.fdel)
    return None


cdef bint _same_wrapped(object value, tuple held) except -1:
    cdef tuple now = wrapped_by(value)
    cdef Py_ssize_t i
    if now is None or len(now) != len(held):
        return False
    for i in range(len(now)):
        if not _names(PyTuple_GET_ITEM(held, i), PyTuple_GET_ITEM(now, i)):
            return False
    return True


cdef bint _holds(tuple guard, object value) except -1:
    cdef long kind = guard[0]
    if kind == _G_IS:           # (G_IS, acc, object, its type[, what it wraps]): identity
        # implies type, so an object whose __class__ the program assigned is not the
        # object built for; and for a staticmethod, classmethod or property, the
        # functions it holds, which `__init__` called again replaces in place.
        return _names(<PyObject *>guard[2], <PyObject *>value) and \
            type(value) is guard[3] and (len(guard) < 5 or _same_wrapped(value, guard[4]))
    if kind == _G_EQ:           # (G_EQ, acc, type, value)
        return type(value) is guard[2] and _same_value(value, guard[3])
    if kind == _G_TYPE:
        return type(value) is guard[2]
    if kind == _G_TENSOR:       # (G_TENSOR, acc, type, dtype, shape pattern)
        return (type(value) is guard[2] and value.dtype == guard[3]
                and _shape_matches(_shape_of(value), <tuple>guard[4]))
    if kind == _G_ELEMENTS:     # (G_ELEMENTS, acc, type, (objects...), (their types...)
        # [, set layout]): same objects of the same classes, in order, and for a set the
        # same table (tables.pxi set_layout)
        return type(value) is guard[2] and \
            _same_objects(value, <tuple>guard[3], <tuple>guard[4]) and (
                len(guard) < 6 or set_layout(value) == guard[5])
    if kind == _G_KEYS:         # (G_KEYS, acc, type, (keys...)): exactly these keys, in order
        return type(value) is guard[2] and _same_keys(value, <tuple>guard[3])
    if kind == _G_COLLECTION:   # (G_COLLECTION, acc, type, maxlen or default_factory)
        return type(value) is guard[2] and _built_with(value, guard[3])
    if kind == _G_LEN:
        return _static_len(value) == guard[2]
    if kind == _G_ABSENT:
        return False            # a value was found
    raise ValueError(f"janus_ext: unknown guard kind {kind}")


cdef inline bint _same_dict(object obj, PyObject *dict_id):
    # The dict the watch watches is still the one holding obj's attributes: by address,
    # as an int (a dict held would keep what it holds alive).  Sound: while the old
    # dict lives no other takes its address, and its death marked the graph stale
    # (watch.pxi, PyDict_EVENT_DEALLOCATED).
    cdef PyObject **slot = _PyObject_GetDictPtr(obj)
    cdef Py_ssize_t stored = <object>dict_id
    return stored == (0 if slot == NULL else <Py_ssize_t>slot[0])


def check_guards(tuple guards, tuple args):
    """Index of the first guard that fails for a call with `args`, or -1 if all hold.
    A guard whose value cannot be read statically (missing, or only reachable through
    the program's code) fails, except G_ABSENT, which wants exactly that."""
    cdef dict memo = {}
    cdef Py_ssize_t i, j
    cdef tuple guard, objects, types
    cdef long kind
    cdef PyObject *held
    for i in range(len(guards)):
        guard = <tuple>guards[i]
        kind = guard[0]
        if kind == _G_TYPES:
            objects, types, dicts = <tuple>guard[2], <tuple>guard[3], <tuple>guard[4]
            for j in range(len(objects)):
                obj = objects[j]
                if type(obj) is _WEAK:
                    if PyWeakref_GetRef(<PyObject *>obj, &held) != 1:
                        # Freed (an object the build made: a tape): nothing can change
                        # its class any more.
                        continue
                    if <PyObject *>Py_TYPE(<object>held) != PyTuple_GET_ITEM(types, j) \
                            or not _same_dict(<object>held, PyTuple_GET_ITEM(dicts, j)):
                        Py_XDECREF(held)
                        return i
                    Py_XDECREF(held)
                elif type(obj) is not types[j] or \
                        not _same_dict(obj, PyTuple_GET_ITEM(dicts, j)):
                    return i
            continue
        try:
            value = _access(<tuple>guard[1], args, memo)
            if value is _FREED:
                continue
            if value is _MISSING:
                if (kind == _G_ABSENT and
                        _access(<tuple>(<tuple>guard[1])[1], args, memo) is not _MISSING):
                    continue
                return i
            if kind == _G_SAME:
                other = _access(<tuple>guard[2], args, memo)
                if other is _MISSING or other is _FREED or \
                        (value is other) != <bint>guard[3]:
                    return i
            elif not _holds(guard, value):
                return i
        except Exception:
            return i
    return -1


def read_accessor(tuple acc, tuple args, default=None):
    """The value an accessor reads for a call with `args` (call-time reads, relaxation,
    explanations); `default` when it cannot be read statically."""
    value = _access(acc, args, {})
    return default if value is _MISSING or value is _FREED else value


def static_getattr(obj, name, default=None):
    """obj.name as the guard checker reads it (A_ATTR): the value CPython would find,
    with methods as the raw class-dict object; `default` where finding it would run
    Python code (a property, a descriptor's __get__, __getattr__) or nothing is there."""
    value = _static_attr(obj, name)
    return default if value is _MISSING else value


def generic_getattr(obj):
    """Whether obj's attributes are found by CPython's generic lookup, in C (an int or
    float subclass, an IntEnum member: their types' own slot wrappers are that one)."""
    return janus_generic_getattr(obj)


def dict_address(obj):
    """The address of the dict that holds obj's own attributes, 0 for none (G_TYPES)."""
    cdef PyObject **slot = _PyObject_GetDictPtr(obj)
    return 0 if slot == NULL else <Py_ssize_t>slot[0]


def instance_dict(obj, default=None):
    """The dict that holds obj's own attributes, as A_DICT reads it."""
    d = _instance_dict(obj)
    return default if d is _MISSING else d


def own_attr(obj, name, default=None):
    """obj's own __dict__ entry `name` (A_OWN), or `default`."""
    value = _own_attr(obj, name) if type(name) is str else _MISSING
    return default if value is _MISSING else value


def type_lookup(cls, name, default=None):
    """What cls's MRO holds under `name`, raw (A_LOOKUP on an instance of cls)."""
    value = _type_lookup(cls, name)
    return default if value is _MISSING else value


def static_item(container, key, default=None):
    """container[key] as the guard checker reads it (A_ITEM), or `default`."""
    value = _static_item(container, key)
    return default if value is _MISSING else value


def same_value(a, b):
    """True when `a` and `b` are the same Python value in every observable way (G_EQ)."""
    return _same_value(a, b)


def static_len(value):
    """len() of a builtin container as G_LEN reads it; -1 for any other object."""
    return _static_len(value)
