"""Callables held by library state whose code janus can neither follow nor guard.

Keras calls what the program hands it: a learning rate given as a callable, an
activation, a property of the program's subclass that Keras' own code reads.  When that
callable is Python, janus follows it (build/purity.py: the program's code is run by the
builder, its reads guarded; TF/Keras code reads state the library watch covers).  C code
bound to the program's objects is different: `LR_FEED.popleft` of a deque, `CELL.item`
of an ndarray, `cycle(...).__next__`, `operator.attrgetter("cfg.momentum")` as a
property's getter, a standard-library method of an object with C state
(`random.Random(7).uniform`).  Run natively while the graph is built, it reads (and may
advance) state no guard can compare, and the graph would keep its one answer where eager
asks again at every call.  Such a callable, found where library code can call it, keeps
the step in the interpreter (library_state._Walk).
"""

import functools
import os
import sys
import sysconfig
import types

import weakref

import numpy as np

import janus_ext

from ..errors import Unsupported
from ..values import LIBRARY_MODULES, is_library_class, is_library_object

# Where installed packages live: their Python code runs natively during a build, as the
# standard library's does (build/purity.py).
_DEREFERENCED = (weakref.ReferenceType,)
# Builtins of a module that compute from their arguments alone (which the walk covers),
# as a callable library code calls: any other (`next`, `print`, `heapq.heappop`,
# `time.time`) reads or changes state no guard compares.
_PURE_MODULES = ("math", "cmath", "operator", "_operator")
_PURE_BUILTINS = frozenset({abs, min, max, round, pow, sum, len, divmod, getattr, hasattr,
                            isinstance, issubclass, any, all, sorted, callable})
_PACKAGE_DIRS = tuple(sorted({os.path.abspath(sysconfig.get_paths()[key]) + os.sep
                              for key in ("purelib", "platlib")}))


def unseen_code(value):
    """A description of what `value` would run natively when library code calls it, or
    None when janus can follow it (Python code, classes, TF/Keras callables, pure
    builtins of a module, numpy's ufuncs, functools.partial: its parts are walked)."""
    kind = type(value)
    if kind in (types.FunctionType, functools.partial, np.ufunc) or isinstance(value, type):
        return None
    if is_library_class(kind) or is_library_object(value):
        return None                       # TF/Keras objects and their C callables
    if kind is types.BuiltinFunctionType:
        owner = value.__self__
        if isinstance(owner, types.ModuleType) and owner.__name__ not in _PURE_MODULES \
                and value not in _PURE_BUILTINS and \
                not owner.__name__.startswith(LIBRARY_MODULES):
            # `next` of a cycle, `heapq.heappop`, `time.time`: state no guard compares.
            return f"the built-in function {owner.__name__}.{value.__name__}"
        if owner is None or isinstance(owner, types.ModuleType) or \
                is_library_object(owner) or is_library_class(type(owner)):
            return None                   # `math.cos`, `getattr`: what they read is walked
        return f"the built-in method {value.__name__} of {_a(type(owner).__qualname__)}"
    if kind is types.MethodWrapperType:
        return f"{value.__name__} of {_a(type(value.__self__).__qualname__)} (C code)"
    if kind is types.MethodType:
        if type(value.__func__) is types.FunctionType and \
                not _runs_natively(value.__func__):
            return None                   # the program's method: the builder follows it
        if is_library_object(value.__self__):
            return None
        return (f"the method {value.__func__.__qualname__} of "
                f"{_a(type(value.__self__).__qualname__)}, code janus runs natively")
    if isinstance(value, _DEREFERENCED):
        return None                       # a weak reference: calling it reads nothing
    call = janus_ext.type_lookup(kind, "__call__")
    if call is None or type(call) is types.FunctionType:
        return None                       # not callable, or the program's: followed
    return f"an object of the C type {kind.__module__}.{kind.__qualname__}"


def _runs_natively(fn) -> bool:
    """A Python function of the standard library or of an installed package other than
    TF/Keras: the build runs it natively, unwatched (`random.Random.uniform`)."""
    module = fn.__module__ or ""
    if module.startswith(LIBRARY_MODULES):
        return False
    if module.partition(".")[0] in sys.stdlib_module_names:
        return True
    loaded = sys.modules.get(module)
    return os.path.abspath(getattr(loaded, "__file__", None) or os.sep).startswith(
        _PACKAGE_DIRS)


def refuse_unseen(value, where):
    """Refuse the build when `value`, held by library state at `where`, is C code."""
    unseen = unseen_code(value)
    if unseen is not None:
        raise Unsupported(f"{where} is {unseen}: TF/Keras code can call it while the step "
                          "is built, natively, and what it gives depends on state no guard "
                          "can compare")


def refuse_unseen_getters(cls, held):
    """Refuse the build when the program's class `cls` (its dict `held`) has a property
    whose getter is C code (`property(attrgetter("cfg.lr"))`): Keras' reads of it run
    natively."""
    for name, value in list(held.items()):
        unseen = unseen_code(value.fget) \
            if type(value) is property and value.fget is not None else None
        if unseen is not None:
            raise Unsupported(f"the property {cls.__qualname__}.{name}'s getter is {unseen}: "
                              "TF/Keras code can read it while the step is built, natively, "
                              "and what it gives depends on state no guard can compare")


def _a(noun):
    spoken_with_a_vowel = noun[:1].lower() in "aeiou" or noun == "ndarray"
    return ("an " if spoken_with_a_vowel else "a ") + noun


def hands_callables(value, nested=False) -> bool:
    """A callable of the program's that library code will call (a partial, a function,
    a bound method, a callable object, C code), or an exact list or tuple of them (the
    branches of `keras.ops.switch`): not a class, not TF's, Keras' or janus's own (the
    builder's closures standing in for the program's bodies).  Asked of every argument
    of every library call while building, so it runs none of the program's code: types
    and C-level members only, a list read from its storage."""
    kind = type(value)
    if kind is list or kind is tuple:
        return not nested and any(hands_callables(item, True)
                                  for item in (list if kind is list else tuple).__iter__(value))
    if not callable(value) or isinstance(value, type) or is_library_object(value):
        return False
    if kind is types.MethodType:
        value = value.__func__
    if type(value) is types.FunctionType:
        module = value.__module__ or ""
        return not module.startswith(LIBRARY_MODULES) and not module.startswith("janus.")
    return not (janus_ext.type_lookup(kind, "__module__", "") or "").startswith("janus.")
