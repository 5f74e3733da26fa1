# Library state watched for changes (included by janus_ext.pyx): the __dict__ of every
# TensorFlow/Keras object a build handed to library code, and the dicts it holds.
#
# Library code (a Dense layer's call, an optimizer's apply) reads its objects' attributes
# while janus builds, where no entry guard sees the read.  A program that changes one of
# them later (`layer.activation = relu`, `opt.clipnorm = 1.0`, `loss.reduction = "sum"`)
# would keep running the old graph.  CPython's dict watchers tell us of every write to a
# watched dict, before it happens, at no cost to a call that changes nothing: the
# callback compares the new value with what the dict held when the graph was built and,
# if it differs, marks each graph that depends on that dict stale (the cache drops it).

from cpython.object cimport PyObject

cdef extern from "Python.h":
    ctypedef enum PyDict_WatchEvent:
        PyDict_EVENT_ADDED
        PyDict_EVENT_MODIFIED
        PyDict_EVENT_DELETED
        PyDict_EVENT_CLONED
        PyDict_EVENT_CLEARED
        PyDict_EVENT_DEALLOCATED
    ctypedef int (*PyDict_WatchCallback)(PyDict_WatchEvent, PyObject *, PyObject *,
                                         PyObject *) noexcept
    int PyDict_AddWatcher(PyDict_WatchCallback callback)
    int PyDict_Watch(int watcher_id, PyObject *d)
    int PyDict_Unwatch(int watcher_id, PyObject *d)
    void PyErr_WriteUnraisable(PyObject *obj)

cdef int _watcher = -1
# id(watched dict) -> [{key: id(value)} of the dict's contents when watched, what the
#                      program calls it, {id(dependent): (dependent, keys it ignores)}]
# Ids, not the values: a watch must not keep the program's objects alive (a layer's
# __dict__ holds its bound build wrapper, and so the layer).  Each id is exact: the
# watched dict holds its value until an event tells us it changes.
cdef dict _watched = {}
cdef object _UNSET = object()
# The library's module dicts and the data dicts they bind (watched for library code and
# data the program changes, below): watched for as long as they live.
cdef dict _library_module_dicts = {}     # id(module dict) -> the module's name
cdef dict _library_data_dicts = {}       # id(a dict a module binds) -> "module.name"
# (id(dict), key) pairs that janus itself writes and restores while it builds (the
# `call` it hangs on a user layer for Keras' __call__ to reach the builder): not the
# program's change, so no graph goes stale for it, and the watch's record stays as is.
cdef set _own_writes = set()


cdef int _on_dict_event(PyDict_WatchEvent event, PyObject *d, PyObject *key,
                        PyObject *new_value) noexcept:
    cdef object entry
    try:
        if _own_writes and key != NULL and (<Py_ssize_t>d, <object>key) in _own_writes:
            return 0
        if _library_module_dicts:
            _library_module_event(event, d, key, new_value)
        entry = _watched.get(<Py_ssize_t>d)
        if entry is None:
            return 0
        if event == PyDict_EVENT_DEALLOCATED:
            # The object's dict was replaced (`obj.__dict__ = other`): what the graphs
            # read from it is no longer what the program has.  When the object itself
            # is gone (an object the build made, a tape), nothing can read it again:
            # CPython clears an object's weak references before it frees its dict.
            owner = entry[3]
            if owner is None or owner() is not None:
                _mark_stale(entry, f"{entry[1]} replaced as a whole")
            del _watched[<Py_ssize_t>d]
            return 0
        if event == PyDict_EVENT_MODIFIED or event == PyDict_EVENT_ADDED:
            before = (<dict>entry[0]).get(<object>key, _UNSET)
            if before is not _UNSET and <Py_ssize_t>before == <Py_ssize_t>new_value:
                return 0            # the same object stored again: nothing changed
            _key_changed(<Py_ssize_t>d, entry, <object>key, <object>new_value,
                         f"{entry[1]}.{<object>key} changed")
        elif event == PyDict_EVENT_DELETED:
            _key_changed(<Py_ssize_t>d, entry, <object>key, _UNSET,
                         f"{entry[1]}.{<object>key} deleted")
        else:
            _stale(<Py_ssize_t>d, entry, f"{entry[1]} replaced as a whole")
    except BaseException:
        PyErr_WriteUnraisable(d)
    return 0


cdef void _key_changed(Py_ssize_t d, list entry, object key, object new_value, str why):
    """Mark stale the graphs that depend on `key` of the dict at `d`; those that ignore
    it (the program's own attributes, guarded where read) stay, and the dict stays
    watched for them with its new contents."""
    cdef dict dependents = <dict>entry[2]
    for where, (dependent, ignored) in list(dependents.items()):
        if ignored is None or key not in ignored:
            if dependent.stale is None:
                dependent.stale = why
            del dependents[where]
    if not dependents:
        _release(d)
    elif new_value is _UNSET:
        (<dict>entry[0]).pop(key, None)
    else:
        (<dict>entry[0])[key] = id(new_value)


cdef void _mark_stale(list entry, str why):
    for dependent, _ in (<dict>entry[2]).values():
        if dependent.stale is None:
            dependent.stale = why


cdef void _stale(Py_ssize_t key, list entry, str why):
    """Mark every graph that depends on the dict at `key` stale, and stop watching it
    (nothing depends on it any more)."""
    _mark_stale(entry, why)
    _release(key)


cdef void _release(Py_ssize_t key):
    # An entry exists only while its dict does (DEALLOCATED removes it first), so the
    # key is still the dict's address.
    del _watched[key]
    if key in _library_module_dicts or key in _library_data_dicts:
        return              # still watched for library code and data
    if PyDict_Unwatch(_watcher, <PyObject *>key) < 0:
        PyErr_WriteUnraisable(<PyObject *>key)


class own_write:
    """`with own_write(obj.__dict__, key):` janus sets `key` and removes it again before
    the block ends (nothing of the program's is there: the caller checks): watchers of
    that dict do not hear of it."""

    def __init__(self, d, key):
        self.where = (id(d), key)
        self.outermost = False

    def __enter__(self):
        self.outermost = self.where not in _own_writes
        _own_writes.add(self.where)

    def __exit__(self, *exc):
        if self.outermost:
            _own_writes.discard(self.where)
        return False


def watch_dict(object d, str described, dependent, ignored=None, owner=None):
    """Mark `dependent` stale (its .stale, a str: why) when `d` changes from what it
    holds now, other than at the keys in `ignored` (a frozenset, or None).  `owner`: the
    object whose __dict__ `d` is, if any (its death alone makes nothing stale).
    `dependent.stale` must be None while it is current.  `d` may be a dict subclass
    (Keras' TrackedDict): its storage is read with dict's own methods, not its
    overrides."""
    global _watcher
    if not isinstance(d, dict):
        raise TypeError(f"watch_dict of a {type(d).__name__}")
    if _watcher < 0:
        _watcher = PyDict_AddWatcher(_on_dict_event)
        if _watcher < 0:
            raise RuntimeError("janus_ext: no dict watcher left")
    key = id(d)
    entry = _watched.get(key)
    if entry is not None and not _same_contents(<dict>entry[0], d):
        # Changed since another graph watched it without the watcher hearing of it:
        # that graph is stale, and today's contents are the ones to compare with.
        _stale(key, entry, f"{described} changed")
        entry = None
    if entry is None:
        try:
            owner_ref = _weakref.ref(owner) if owner is not None else None
        except TypeError:
            owner_ref = None
        entry = _watched[key] = [{k: id(v) for k, v in dict.items(d)}, described, {},
                                 owner_ref]
        PyDict_Watch(_watcher, <PyObject *>d)
    (<dict>entry[2])[id(dependent)] = (dependent, ignored)


cdef bint _same_contents(dict ids, object b):
    """`b` holds the same keys with the objects of those ids (no __eq__ of the program's
    runs)."""
    if dict.__len__(b) != len(ids):
        return False
    for k, v in ids.items():
        if id(dict.get(b, k, _UNSET)) != v:
            return False
    return True


def forget_dependent(dependent):
    """`dependent` is gone (dropped from its cache): no dict or function keeps it alive,
    and one no graph depends on is no longer watched."""
    key = id(dependent)
    _library_dependents.pop(key, None)
    for where, entry in list(_watched.items()):
        dependents = <dict>entry[2]
        if dependents.pop(key, None) is not None and not dependents:
            _release(where)
    for where, entry in list(_watched_functions.items()):
        dependents = <dict>entry[1]
        if dependents.pop(key, None) is not None and not dependents:
            del _watched_functions[where]
    for where, entry in list(_watched_classes.items()):
        dependents = <dict>entry[1]
        if dependents.pop(key, None) is not None and not dependents:
            del _watched_classes[where]
            PyType_Unwatch(_type_watcher, <PyObject *>entry[2])


def watched_count():
    return len(_watched)


# The program's functions a build inlined, watched the same way: `f.__code__ = g.__code__`
# or `f.__defaults__ = (...)` keeps the function object (so no identity guard sees it)
# but changes what a call runs.  CPython's function watchers report both, and the
# graphs built from the function go stale.  The watcher is called for every function
# event in the interpreter; creation and any function not watched return at once.

cdef extern from "Python.h":
    ctypedef enum PyFunction_WatchEvent:
        PyFunction_EVENT_CREATE
        PyFunction_EVENT_DESTROY
        PyFunction_EVENT_MODIFY_CODE
        PyFunction_EVENT_MODIFY_DEFAULTS
        PyFunction_EVENT_MODIFY_KWDEFAULTS
    ctypedef int (*PyFunction_WatchCallback)(PyFunction_WatchEvent, PyObject *,
                                             PyObject *) noexcept
    int PyFunction_AddWatcher(PyFunction_WatchCallback callback)

cdef int _function_watcher = -1
# id(function) -> [what the program calls it, {id(dependent): dependent}]
cdef dict _watched_functions = {}


cdef int _on_function_event(PyFunction_WatchEvent event, PyObject *func,
                            PyObject *new_value) noexcept:
    cdef object entry
    if event == PyFunction_EVENT_CREATE or not (_watched_functions or _library_dependents):
        return 0
    try:
        entry = _watched_functions.pop(<Py_ssize_t>func, None)
        if event == PyFunction_EVENT_DESTROY:
            return 0
        what = ("__code__" if event == PyFunction_EVENT_MODIFY_CODE else
                "__defaults__" if event == PyFunction_EVENT_MODIFY_DEFAULTS else
                "__kwdefaults__")
        if entry is not None:
            for dependent in (<dict>entry[1]).values():
                if dependent.stale is None:
                    dependent.stale = f"{entry[0]}.{what} replaced"
        elif _library_dependents and \
                ((<object>func).__module__ or "").startswith(_library_prefixes):
            _library_code_changed(f"{(<object>func).__module__}."
                                  f"{(<object>func).__qualname__}.{what} replaced")
    except BaseException:
        PyErr_WriteUnraisable(func)
    return 0


def watch_function(func, str described, dependent):
    """Mark `dependent` stale when `func`'s code or defaults are replaced."""
    global _function_watcher
    if _function_watcher < 0:
        _function_watcher = PyFunction_AddWatcher(_on_function_event)
        if _function_watcher < 0:
            raise RuntimeError("janus_ext: no function watcher left")
    if type(func) is not _FUNCTION:
        raise TypeError("watch_function needs a Python function")
    entry = _watched_functions.get(id(func))
    if entry is None:
        entry = _watched_functions[id(func)] = [described, {}]
    (<dict>entry[1])[id(dependent)] = dependent


def watched_function_count():
    return len(_watched_functions)


# The TF/Keras classes of the library objects a build watched, watched too: replacing a
# method or class attribute on the class (`keras.layers.Dense.call = patched`, or on a
# base such as keras.layers.Layer) writes no object's dict, yet changes what library code
# runs inside the graph.  CPython's type watchers report every modification of a watched
# class (an attribute set or deleted, `__bases__` assigned) through PyType_Modified.
#
# CPython calls a type watcher only while the class holds a valid version tag:
# PyType_Watch assigns one, and a modification resets it to 0 after calling the watchers.
# So a class stays watched for exactly as long as a graph depends on it: the event marks
# every dependent stale and ends the watch, and the rebuild watches it again (assigning a
# new tag).  A class modified so often that CPython gives it no more tags cannot be
# watched: watch_class says so, and the build is refused.

from cpython.object cimport PyTypeObject

cdef extern from "Python.h":
    ctypedef int (*PyType_WatchCallback)(PyTypeObject *type) noexcept
    int PyType_AddWatcher(PyType_WatchCallback callback)
    int PyType_Watch(int watcher_id, PyObject *type)
    int PyType_Unwatch(int watcher_id, PyObject *type)

cdef extern from *:
    """
    static unsigned int janus_type_version_tag(PyObject *t) {
        return ((PyTypeObject *)t)->tp_version_tag;
    }
    """
    unsigned int janus_type_version_tag(PyObject *t)

cdef int _type_watcher = -1
# id(class) -> [what the program calls it, {id(dependent): dependent}, the class]
cdef dict _watched_classes = {}


cdef int _on_type_event(PyTypeObject *cls) noexcept:
    cdef object entry
    try:
        entry = _watched_classes.pop(<Py_ssize_t>cls, None)
        if entry is None:
            return 0
        for dependent in (<dict>entry[1]).values():
            if dependent.stale is None:
                dependent.stale = f"class {entry[0]} changed"
        if PyType_Unwatch(_type_watcher, <PyObject *>cls) < 0:
            PyErr_WriteUnraisable(<PyObject *>cls)
    except BaseException:
        PyErr_WriteUnraisable(<PyObject *>cls)
    return 0


def watch_class(cls, str described, dependent):
    """Mark `dependent` stale when class `cls` is modified.  Returns False (and watches
    nothing) when CPython can no longer version `cls`, so no modification would be
    reported."""
    global _type_watcher
    if not isinstance(cls, type):
        raise TypeError(f"watch_class of a {type(cls).__name__}")
    if _type_watcher < 0:
        _type_watcher = PyType_AddWatcher(_on_type_event)
        if _type_watcher < 0:
            raise RuntimeError("janus_ext: no type watcher left")
    if PyType_Watch(_type_watcher, <PyObject *>cls) < 0:
        raise RuntimeError(f"janus_ext: cannot watch class {described}")
    if janus_type_version_tag(<PyObject *>cls) == 0:
        if id(cls) not in _watched_classes:
            PyType_Unwatch(_type_watcher, <PyObject *>cls)
        return False
    entry = _watched_classes.get(id(cls))
    if entry is None:
        # The entry holds the class, so its id stays its own while it is watched.
        entry = _watched_classes[id(cls)] = [described, {}, cls]
    (<dict>entry[1])[id(dependent)] = dependent
    return True


def watched_class_count():
    return len(_watched_classes)


# Library code the program changes: a TF/Keras module-level function or class replaced
# (`tf.math.tanh = softsign`, `keras.src.ops.matmul = pruned`) or deleted, or a library
# function's `__code__`/`__defaults__` replaced.  Library code looks such names up when
# it runs, inside a build as in eager, and no object's dict changes.  Which names a
# build's library code looked up is not known, so any such change marks every graph
# stale (each depends on library code).  The dicts of the library's modules are watched
# (modules imported later join at the next build).
#
# The same holds for the library's module-level data dicts: registries that library
# code consults while building (Keras' custom objects, which
# `keras.saving.get_custom_objects()[name] = fn` changes).  Each dict a library module
# binds at module level is watched, and a write to one while no janus build runs makes
# every graph stale; writes by the builds themselves (caches TF fills while tracing)
# change nothing a graph holds, nor do writes at keys that are not names (TF's
# bookkeeping of live functions, keyed by ids and tuples, changes whenever one is
# collected).  A steady training loop writes none of them between
# steps (measured on the bench/real ports: 0 of ~2300 dicts), so this costs nothing.
# A name rebound to other data (a counter a module keeps) changes nothing here; the
# configuration library code reads from module globals is watched per graph
# (watch_tf_globals).

import functools as _functools

cdef type _BUILTIN = _types.BuiltinFunctionType
cdef type _PARTIAL = _functools.partial
cdef type _MODULE = _types.ModuleType
cdef Py_ssize_t _builds_running = 0      # janus builds in progress (library_data_quiet)
cdef dict _library_dependents = {}       # id(dependent) -> dependent
cdef tuple _library_prefixes = ()
cdef Py_ssize_t _modules_seen = 0

# Settings library modules keep as module globals (`_EPSILON`, a dtype-conversion mode,
# a default) and in the threading.locals they bind (save, load and distribute contexts,
# autograph's control status, the default graph stack).  Library code reads them while
# janus builds, and sets and restores much of the thread-local state around its own
# calls (distribute_lib's replica id around every optimizer update), so a write alone
# says nothing.  Each write made while graphs depend on library state journals the
# value the key held before it (the watcher is called before the dict changes); at
# the next graph lookup (settle_library_state) each journaled key is compared with
# what it holds then, and only a change that stayed makes every graph stale.  A steady
# training loop writes none of them between steps (measured: 0 of 26 625 module
# globals differ after an eager step, predict, evaluate, fit, a new layer and variable
# and a tf.data loop), so this costs a check of an empty dict per lookup.
# The thread-locals watched are the building thread's dicts (what its graphs read).
cdef dict _unsettled = {}     # id(dict) -> [the dict, where, {key: value before}]
cdef dict _library_local_dicts = {}   # id(a thread-local's dict) -> "module.name"
cdef frozenset _locals_ignored = frozenset()
cdef frozenset _local_keys_ignored = frozenset()
cdef type _THREAD_LOCAL = _thread_module._local


cdef void _journal(PyObject *d, object key, object where):
    """Remember what `key` of `d` held before its first write since the last settle
    (held strongly until then: an id alone could be a new object's)."""
    entry = _unsettled.get(<Py_ssize_t>d)
    if entry is None:
        entry = _unsettled[<Py_ssize_t>d] = [<object>d, where, {}]
    journal = <dict>entry[2]
    if key not in journal:
        journal[key] = (<dict><object>d).get(key, _UNSET)


cdef bint _is_code(object value):
    return isinstance(value, (type, _FUNCTION, _BUILTIN, _PARTIAL, _MODULE))


cdef void _library_module_event(PyDict_WatchEvent event, PyObject *d, PyObject *key,
                                PyObject *new_value):
    name = _library_module_dicts.get(<Py_ssize_t>d)
    if name is None:
        _library_data_event(event, d, key, new_value)
        return
    if event == PyDict_EVENT_DEALLOCATED:
        del _library_module_dicts[<Py_ssize_t>d]
        return
    if not _library_dependents:
        return
    if event == PyDict_EVENT_MODIFIED or event == PyDict_EVENT_DELETED:
        # Called before the dict changes: it still holds the old value.
        before = (<dict><object>d).get(<object>key, _UNSET)
        if event == PyDict_EVENT_MODIFIED and before is <object>new_value:
            return
        if _is_code(before):
            _library_code_changed(f"{name}.{<object>key} "
                                  f"{'replaced' if event == PyDict_EVENT_MODIFIED else 'deleted'}")
        elif _is_setting(<object>key, <object>new_value if new_value != NULL else None):
            _journal(d, <object>key, name)
    elif event == PyDict_EVENT_ADDED:
        if _is_setting(<object>key, <object>new_value):
            _journal(d, <object>key, name)
    elif event == PyDict_EVENT_CLEARED or event == PyDict_EVENT_CLONED:
        _library_code_changed(f"module {name} replaced as a whole")


cdef bint _is_setting(object key, object new_value):
    """A write to a library module's globals outside janus' builds that may change a
    setting: not a function, class or module bound (a lazy import, handled as code),
    nor Python's own bookkeeping (`__warningregistry__`, written at a first warning)."""
    return not _builds_running and not _is_code(new_value) and not (
        type(key) is str and (<str>key).startswith("__"))


cdef void _library_data_event(PyDict_WatchEvent event, PyObject *d, PyObject *key,
                              PyObject *new_value):
    where = _library_data_dicts.get(<Py_ssize_t>d)
    if where is None:
        where = _library_local_dicts.get(<Py_ssize_t>d)
        if where is None:
            return
        if event == PyDict_EVENT_DEALLOCATED:
            del _library_local_dicts[<Py_ssize_t>d]
        elif (event == PyDict_EVENT_MODIFIED or event == PyDict_EVENT_ADDED
                or event == PyDict_EVENT_DELETED) and _library_dependents \
                and not _builds_running and <object>key not in _local_keys_ignored:
            _journal(d, <object>key, where)
        elif event == PyDict_EVENT_CLEARED or event == PyDict_EVENT_CLONED:
            if _library_dependents and not _builds_running:
                _library_code_changed(f"{where} cleared or replaced (thread-local "
                                      "state library code reads)")
        return
    if event == PyDict_EVENT_DEALLOCATED:
        del _library_data_dicts[<Py_ssize_t>d]
        return
    if not _library_dependents or _builds_running:
        return
    if (event == PyDict_EVENT_MODIFIED or event == PyDict_EVENT_ADDED
            or event == PyDict_EVENT_DELETED) and type(<object>key) is not str and (
                type(<object>key) in (int, tuple) or event == PyDict_EVENT_ADDED):
        # Bookkeeping keyed by ids or memo tuples, or a cache filled as types are first
        # met (tensor_conversion_registry's, keyed by class), not a registry.  An entry
        # of a table keyed by DTypes or classes replaced or deleted is a change
        # (math_ops._TRUEDIV_TABLE[tf.int32] = tf.float32 changes what `/` makes).
        return
    if event == PyDict_EVENT_MODIFIED:
        if (<dict><object>d).get(<object>key, _UNSET) is <object>new_value:
            return
        _library_code_changed(f"{where}[{<object>key!r}] changed")
    elif event == PyDict_EVENT_ADDED:
        if "cache" in (<str>where).rpartition(".")[2].lower():
            # A memo filled as keys are first met (device_spec's
            # _STRING_TO_COMPONENTS_CACHE, by a device string): an entry added gives
            # what computing it would; replacing or deleting one is still a change.
            return
        _library_code_changed(f"{where}[{<object>key!r}] added")
    elif event == PyDict_EVENT_DELETED:
        _library_code_changed(f"{where}[{<object>key!r}] deleted")
    elif event == PyDict_EVENT_CLEARED or event == PyDict_EVENT_CLONED:
        _library_code_changed(f"{where} cleared or replaced")


def library_data_quiet(Py_ssize_t delta):
    """+1 when a janus build starts, -1 when it ends: what library code writes into its
    module-level dicts while janus builds is the build's own doing."""
    global _builds_running
    _builds_running += delta


cdef void _library_code_changed(str why):
    for dependent in _library_dependents.values():
        if dependent.stale is None:
            dependent.stale = why
    _library_dependents.clear()


def watch_library_code(dependent, tuple prefixes):
    """Mark `dependent` stale when the program replaces or deletes a function or class
    of a module whose name starts with one of `prefixes`, or changes the code or
    defaults of a function defined there."""
    global _watcher, _modules_seen, _library_prefixes, _function_watcher
    if _watcher < 0:
        _watcher = PyDict_AddWatcher(_on_dict_event)
        if _watcher < 0:
            raise RuntimeError("janus_ext: no dict watcher left")
    if _function_watcher < 0:
        _function_watcher = PyFunction_AddWatcher(_on_function_event)
        if _function_watcher < 0:
            raise RuntimeError("janus_ext: no function watcher left")
    _library_prefixes = prefixes
    modules = sys.modules
    if len(modules) != _modules_seen:
        for name, module in list(modules.items()):
            if type(name) is str and name.startswith(prefixes):
                attributes = getattr(module, "__dict__", None)
                if type(attributes) is dict and id(attributes) not in _library_module_dicts:
                    _library_module_dicts[id(attributes)] = name
                    PyDict_Watch(_watcher, <PyObject *>attributes)
                    for key, value in list(attributes.items()):
                        if type(value) is dict and id(value) not in _library_data_dicts \
                                and id(value) not in _library_module_dicts:
                            _library_data_dicts[id(value)] = f"{name}.{key}"
                            PyDict_Watch(_watcher, <PyObject *>value)
                        elif isinstance(value, _THREAD_LOCAL) and \
                                f"{name}.{key}" not in _locals_ignored:
                            _watch_library_local(value, f"{name}.{key}")
        _modules_seen = len(modules)
    # What changed in the thread-local state before this graph was built is what the
    # graphs built earlier did not see; this one sees today's.
    settle_library_state()
    _library_dependents[id(dependent)] = dependent


cdef void _watch_library_local(object local, str where):
    d = local.__dict__          # this thread's
    if id(d) not in _library_local_dicts:
        _library_local_dicts[id(d)] = where
        PyDict_Watch(_watcher, <PyObject *>d)


def settle_library_state():
    """Compare each library setting written since the last lookup with what it held
    before: one that differs now makes every graph stale (they were built under the
    old value).  A setting set and restored changes nothing."""
    if not _unsettled:
        return
    entries = list(_unsettled.values())
    _unsettled.clear()
    for d, where, journal in entries:
        for key, before in (<dict>journal).items():
            now = (<dict>d).get(key, _UNSET)
            if now is before or (type(now) is type(before) and type(now) in _PLAIN_VALUES
                                 and _same_value(now, before)):
                continue
            kind = ("thread-local state" if id(d) in _library_local_dicts
                    else "a module global")
            _library_code_changed(f"{where}.{key} "
                                  f"{'deleted' if now is _UNSET else 'changed'} "
                                  f"({kind} library code reads)")
            return


cdef tuple _PLAIN_VALUES = (bool, int, float, complex, str, bytes, type(None))


def ignore_library_locals(frozenset names, frozenset keys):
    """The thread-locals ("module.name") watched elsewhere, per graph, and the keys
    of any that count rather than configure."""
    global _locals_ignored, _local_keys_ignored
    _locals_ignored, _local_keys_ignored = names, keys


def watched_library_locals():
    return sorted(_library_local_dicts.values())


def watched_library_modules():
    return len(_library_module_dicts)


def watched_library_data():
    return len(_library_data_dicts)


cdef extern from "Python.h":
    PyObject *PyType_GetDict(PyTypeObject *type)


def class_dict(cls):
    """The dict a class keeps its attributes in (`cls.__dict__` is a read-only view of
    it), for watch_dict: a class attribute set or deleted is a write to it."""
    if not isinstance(cls, type):
        raise TypeError(f"class_dict of a {type(cls).__name__}")
    cdef PyObject *d = PyType_GetDict(<PyTypeObject *>cls)
    if d == NULL:
        raise RuntimeError(f"janus_ext: class {cls.__qualname__} has no dict")
    result = <object>d
    Py_DECREF(d)            # PyType_GetDict's reference; `result` holds its own
    return result


cdef extern from *:
    """
    /* set's own ==, whatever a subclass defines (what `set.__eq__(a, b)` calls). */
    static int janus_set_equal(PyObject *a, PyObject *b) {
        PyObject *r = PySet_Type.tp_richcompare(a, b, Py_EQ);
        if (r == NULL) return -1;
        int same = r == Py_True;
        Py_DECREF(r);
        return same;
    }
    """
    bint PyAnySet_Check(object o)
    int janus_set_equal(object a, object b) except -1


def first_changed(tuple compared, contents_of):
    """Index of the first (where, value, contents) of `compared` whose value no longer
    holds its contents (janus/state/library_state.py, changed_contents), or -1.  Runs at
    every cache lookup: a set or frozenset (Keras' TrackedSets) is compared with set's
    own C comparison, as `set.__eq__` would, with no copy made and no method of a
    subclass run; any other value as `contents_of(value) == contents`."""
    cdef Py_ssize_t i
    cdef tuple entry
    for i in range(PyTuple_GET_SIZE(compared)):
        entry = <tuple>PyTuple_GET_ITEM(compared, i)
        value, contents = entry[1], entry[2]
        if PyAnySet_Check(value) and PyAnySet_Check(contents):
            same = janus_set_equal(value, contents)
        else:
            same = contents_of(value) == contents
        if not same:
            return i
    return -1
