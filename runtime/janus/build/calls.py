"""A call the build meets, `fn(*args, **kwargs)` → the rule that answers it: a value for
the graph being built, or a refusal in the program's terms.

The rules are tables, tried in order; the first that takes the call answers it (any
result but PASS).  Order matters where two rules would take the same call, so each table
lists the narrower rule first:

1. BY_TYPE: janus's own stand-ins, by the callable's exact type (a `with` block's exit,
   an append to a list a loop body carries, a method of an ndarray argument);
2. AS_GIVEN: calls answered from the arguments as they are (random draws, `next`,
   exceptions, prints, builtins of numbers the graph computes);
3. the arguments' contents are then read, each under its guards (state/reads.py);
4. WITH_CONTENTS: builtins, the program's own functions and methods, methods of
   containers, library callables (their ops join the graph), classes, `math`.

A call no rule takes is refused: the interpreter runs that call of the function.
"""

import builtins
import functools
import random
import sys
import types
import weakref

import tensorflow as tf

import janus_ext

from .. import containers
from ..errors import BuildRaised, NotYet, Thrown, Unsupported
from ..semantics import (arrays, iterator_pulls, natives, numbers, python_draws)
from ..state import (attribute_reads, heap, identity_reads, library_state, objects,
                     reads)
from ..values import (CONTAINER_TYPES, LIBRARY_MODULES, NULL, BuildIterator, GraphText,
                      from_library, has_symbolic, is_library_object, is_stand_in,
                      is_symbolic, is_variable)
from . import (class_checks, contexts, control, dunders, eager_answers, flow_identity,
               generators,
               graph_builtins, iteration, loops, made, output,
               program_functions, purity, raising, references, sets, stdlib_calls,
               warning_calls)
from .rules import PASS, only


# Builtins that are pure functions of their arguments: evaluated at build time.
PURE_BUILTINS = frozenset(getattr(builtins, name) for name in (
    "abs", "all", "any", "bool", "dict", "divmod", "enumerate", "float", "int",
    "isinstance", "issubclass", "len", "list", "max", "min", "pow", "range", "reversed",
    "round", "sorted", "sum", "tuple", "zip", "slice", "str", "repr", "hash", "iter",
))
# Methods that only read a container: safe in any region.
READ_METHODS = frozenset({"get", "keys", "values", "items", "index", "count", "copy",
                          "__getitem__", "__contains__", "__len__"})
# Builtins that take every item of an iterable before they return.
CONSUME_ALL = frozenset((sum, list, tuple, sorted, min, max, dict, set, frozenset))
_PROXIES = (weakref.ProxyType, weakref.CallableProxyType)


def call(b, fn, args, kwargs, code, offset):
    if any(a is NULL for a in args):
        raise Unsupported("call with a NULL argument", code, offset)
    if type(fn) in _PROXIES:
        # A proxy forwards every operation, hashing and == included, to an object
        # Python gives no way to reach from it.
        raise Unsupported(f"a call through a weakref.proxy of a {type(fn).__name__}: "
                          "janus cannot tell which object it stands for", code, offset)
    by_type = BY_TYPE.get(type(fn))
    if by_type is not None:
        return by_type(b, fn, args, kwargs, code, offset)
    compares = _compares_in_program_code(fn)
    if not compares:
        for rule in AS_GIVEN:
            result = rule(b, fn, args, kwargs, code, offset)
            if result is not PASS:
                return result
        if fn in CONSUME_ALL or _is_join(fn):
            args = generators.run_to_end(b, iteration.views_listed(b, args))
    for value in (*args, *kwargs.values()):
        reads.contents(b, value)
    for rule in OF_PROGRAM_OBJECTS if compares else WITH_CONTENTS:
        result = rule(b, fn, args, kwargs, code, offset)
        if result is not PASS:
            return result
    why = "a callable whose class defines == or hash() in Python" if compares else \
        "not a TensorFlow/Keras function, a pure builtin, or a Python function"
    raise Unsupported(f"call of {called(fn)} is not known to janus ({why})", code, offset)


def _compares_in_program_code(fn) -> bool:
    """An object whose class (or metaclass) defines `==` or hash() in the program's
    Python (a dataclass with __call__, a schedule with its own __eq__): the rules' tests
    `fn in (...)` and table lookups would run that code at build time, so only the
    rules for the program's callables (OF_PROGRAM_OBJECTS) see it."""
    kind = type(fn)
    if kind.__module__ == "builtins":
        return False
    for name in ("__eq__", "__hash__"):
        impl = janus_ext.type_lookup(kind, name)
        if isinstance(impl, types.FunctionType) and \
                not purity.is_library_code(impl.__code__, impl.__globals__):
            return True
    return False


def _is_join(fn) -> bool:
    """`sep.join(items)` of a str or bytes: it takes every item before it returns."""
    return type(fn) is types.BuiltinMethodType and fn.__name__ == "join" and \
        type(fn.__self__) in (str, bytes)


def called(fn) -> str:
    """What a refusal calls `fn`, in the program's terms, without running its code (a
    repr is the program's code, and shows addresses)."""
    if isinstance(fn, (types.BuiltinFunctionType, types.FunctionType)):
        owner = getattr(fn, "__self__", None)
        if isinstance(owner, type):                  # a C classmethod: dict.fromkeys
            return f"{owner.__qualname__}.{fn.__name__}()"
        if owner is not None and not isinstance(owner, types.ModuleType):
            return f"{type(owner).__qualname__}.{fn.__name__}()"
        module = getattr(fn, "__module__", None)
        prefix = f"{module}." if module and module != "builtins" else ""
        return f"{prefix}{fn.__qualname__}()"
    if isinstance(fn, types.MethodType):
        return f"{type(fn.__self__).__qualname__}.{fn.__func__.__qualname__.split('.')[-1]}()"
    if type(fn) is weakref.ref:
        target = fn()
        return ("a weakref.ref whose object was freed" if target is None else
                f"a weakref.ref to a {type(target).__qualname__} (calling it gives the "
                "object)")
    if isinstance(fn, type):
        return f"the class {fn.__qualname__}"
    return f"a {type(fn).__qualname__} object"


# -- 1. janus's stand-ins ----------------------------------------------------------------

BY_TYPE = {
    contexts.WithExit: lambda b, fn, args, kwargs, code, offset: fn(*args),
    loops.Append: lambda b, fn, args, kwargs, code, offset: fn(args, kwargs, code, offset),
    arrays.ArrayMethod: lambda b, fn, args, kwargs, code, offset:
        fn.call(args, kwargs, code, offset),
    functools.partial: lambda b, fn, args, kwargs, code, offset: _partial_call(
        b, reads.partial_parts(b, fn, code, offset), args, kwargs, code, offset),
}


def _partial_call(b, parts, args, kwargs, code, offset):
    """A functools.partial called: its function, its arguments first and the call's
    keywords over its own, as Modules/_functoolsmodule.c calls it."""
    func, given, keywords = parts
    return b.call(func, (*given, *args), {**keywords, **kwargs}, code, offset)


# -- 2. answered from the arguments as they are ------------------------------------------

def _python_draw(b, fn, args, kwargs, code, offset):
    if not python_draws.is_draw(fn):
        return PASS
    if type(fn.__self__) is random.Random:
        # Its Python methods call others on self (uniform → self.random()): an instance
        # attribute of that name would draw from elsewhere, which neither the trial nor
        # putting the generator back after a failed call would see.
        attribute_reads.own_entries_absent(b, fn.__self__, python_draws.SELF_CALLS,
                                           f"{fn.__qualname__}()", code, offset)
    return b.record.python_draws.draw(b, fn, args, kwargs, code, offset)


def _iterator_get_next(b, fn, args, kwargs, code, offset):
    """it.get_next() of a tf.data iterator from outside the step (iterator_pulls.py)."""
    if args or kwargs or getattr(fn, "__func__", None) is not iterator_pulls.ITERATOR.get_next \
            or not iteration.outside_iterator(b, fn.__self__):
        return PASS
    return iteration.pull_from(b, fn.__self__, code, offset)


def _next(b, fn, args, kwargs, code, offset):
    if fn is not next or not args or kwargs or len(args) > 2:
        return PASS
    return generators.call_next(b, args, code, offset)


def _all_or_any(b, fn, args, kwargs, code, offset):
    if fn not in (all, any) or not only(args, kwargs, 1) or \
            type(args[0]) is not generators.InlinedGenerator:
        return PASS
    return generators.all_or_any(b, fn, args[0], code, offset)


def _exception(b, fn, args, kwargs, code, offset):
    if raising.is_plain_exception_class(fn):
        return raising.make(b, fn, args, kwargs, has_symbolic, code, offset)
    if raising.reads_own_exception(b, fn, args, kwargs):
        return fn(*args)
    return PASS


def _raw_write(b, fn, args, kwargs, code, offset):
    if not made.is_raw_write(b, fn, args, kwargs):
        return PASS
    return made.write(b, *args, code, offset, raw=True)


def _getattr(b, fn, args, kwargs, code, offset):
    """getattr(obj, "name"[, default]) and hasattr(obj, "name"): read like `obj.name`
    (guarded so), or known absent (guarded absent: attribute_reads.is_absent).
    setattr(obj, "name", value) and delattr(obj, "name") run what `obj.name = value`
    and `del obj.name` run (type(obj).__setattr__, __delattr__): built as those."""
    if fn in (setattr, delattr):
        if kwargs or len(args) != (3 if fn is setattr else 2) or type(args[1]) is not str:
            return PASS
        if fn is setattr:
            b.write_attribute(args[0], args[1], args[2], code, offset)
        else:
            b.delete_attribute(args[0], args[1], code, offset)
        return None
    arities = (2,) if fn is hasattr else (2, 3)
    if fn not in (getattr, hasattr) or kwargs or len(args) not in arities or \
            type(args[1]) is not str:
        return PASS
    if (fn is hasattr or len(args) == 3) and \
            attribute_reads.is_absent(b, args[0], args[1], code, offset):
        return False if fn is hasattr else args[2]
    value = b.load_attr(args[0], args[1], code, offset)
    return True if fn is hasattr else value


def _tracked_container_method(b, fn, args, kwargs, code, offset):
    if not isinstance(fn, (types.BuiltinMethodType, types.MethodType)) or \
            not containers.is_tracked(fn.__self__):
        return PASS
    return b.heap_method(fn.__self__, fn.__name__, args, kwargs, code, offset)


def _len_of_container(b, fn, args, kwargs, code, offset):
    if fn is not len or not only(args, kwargs, 1) or not (
            containers.is_tracked(args[0]) or type(args[0]) is list):
        return PASS
    return reads.length(b, args[0], code, offset)


def _output(b, fn, args, kwargs, code, offset):
    if warning_calls.is_warn(fn):
        return warning_calls.defer(b, args, kwargs, code, offset)
    if not output.is_output_call(fn):
        return PASS
    result = output.defer(b, fn, args, kwargs, code, offset)
    return PASS if result is output.KEEP_IN_GRAPH else result


def _builtin_of_graph_number(b, fn, args, kwargs, code, offset):
    if fn in numbers.BUILTINS and any(is_symbolic(a) for a in args):
        return graph_builtins.number_builtin(b, fn, args, kwargs, code, offset)
    if fn in (min, max) and len(args) == 1 and not kwargs and \
            type(args[0]) in (list, tuple) and any(is_symbolic(a) for a in args[0]) and \
            all(numbers.python_type_of(a, b.provenance.number_of) in numbers.NUMBERS
                for a in args[0]):
        # min/max of a list of numbers (a window of losses): as of its items given one
        # by one, the first extreme kept.
        if len(args[0]) == 1:
            return args[0][0]
        return graph_builtins.number_builtin(b, fn, tuple(args[0]), kwargs, code, offset)
    if fn is range and any(is_symbolic(a) for a in args):
        for a in args:
            if is_symbolic(a) and b.provenance.number_of(a) not in (int, bool) and not (
                    b.provenance.number_of(a) is None and a.dtype.is_integer and
                    a.shape.rank == 0):
                # range() takes only what __index__ gives: a float tensor raises.
                raise Unsupported(f"range() of a {a.dtype.name} tensor", code, offset)
        return control.SymbolicRange(args)
    if fn is bool and only(args, kwargs, 1) and is_symbolic(args[0]):
        return graph_builtins.truth_later(b, args[0], code, offset)
    if fn is bool and only(args, kwargs, 1) and isinstance(args[0], tf.Variable):
        # (A Keras variable raises: Keras refuses its truth value, eagerly too.)
        return graph_builtins.truth_later(b, tf.convert_to_tensor(args[0]), code, offset)
    if fn in (float, int) and only(args, kwargs, 1) and is_variable(args[0]):
        # float(v), int(optimizer.iterations): eager reads the variable's value there
        # (the graph orders the read after the step's earlier updates).
        return graph_builtins.number_builtin(b, fn, (tf.convert_to_tensor(args[0]),), {},
                                             code, offset)
    if fn is len and only(args, kwargs, 1) and is_symbolic(args[0]) and \
            args[0].shape.rank:
        # len(x) is eager's x.shape[0], also where the graph's batch size is relaxed.
        return b.load_attr(args[0], "shape", code, offset)[0]
    if fn in (float, int) and only(args, kwargs, 1) and arrays.is_computed(args[0]):
        return graph_builtins.number_builtin(
            b, fn, (arrays.scalar_of(args[0], fn, code, offset),), {}, code, offset)
    return PASS


def _constant_of_graph_values(b, fn, args, kwargs, code, offset):
    if fn is not tf.constant or not args:
        return PASS
    dtype = kwargs.get("dtype", args[1] if len(args) > 1 else None)
    if type(args[0]) is arrays.ArrayArg:
        return arrays.as_constant(args[0], dtype, code, offset)
    if has_symbolic(args[0]):
        # tf.constant([node.word]) with a word read at run time: the same tensor, packed
        # in the graph, with eager's dtype for Python numbers.
        return graph_builtins.pack_constant(b, args[0], dtype, code, offset)
    return PASS


AS_GIVEN = (_python_draw, _iterator_get_next, _next, _all_or_any, _exception, _raw_write, _getattr,
            stdlib_calls.operator_getter, stdlib_calls.method_caller,
            _tracked_container_method, _len_of_container, _output,
            _builtin_of_graph_number, _constant_of_graph_values)


# -- 4. with the arguments' contents read ------------------------------------------------

def _introspection(b, fn, args, kwargs, code, offset):
    if fn in (sorted, min, max) and kwargs.get("key") is not None:
        return dunders.keyed(b, fn, args, kwargs, code, offset)
    if fn is type and only(args, kwargs, 1):
        return b.type_of(args[0], code, offset)
    if fn in (isinstance, issubclass) and only(args, kwargs, 2):
        class_checks.check(b, fn, args, code, offset)
    if fn is isinstance and only(args, kwargs, 2) and \
            type(args[0]) is generators.InlinedGenerator:
        return issubclass(args[0].stands_for, args[1])
    if fn in (repr, str, hash, format) and args and \
            type(args[0]) is generators.InlinedGenerator:
        raise Unsupported(f"{fn.__name__}() of {natives.describe(args[0])} (janus runs "
                          "it as a Python generator, whose text is not the object's)",
                          code, offset)
    if fn is id and only(args, kwargs, 1):
        return id(identity_reads.identified(b, args[0], "id()", code, offset))
    if fn is isinstance and only(args, kwargs, 2) and is_symbolic(args[0]):
        # What eager's value is: the Python number a promoted tensor stands for, else an
        # EagerTensor.
        return issubclass(b.type_of(args[0], code, offset), args[1])
    return PASS


def _made_set(b, fn, args, kwargs, code, offset):
    if fn not in sets.SET_TYPES or kwargs or len(args) > 1:
        return PASS
    return sets.made(b, fn, args, code, offset)


# Builtins that only iterate their positional arguments.
_ITERATING = (iter, enumerate, zip, reversed, list, tuple)


def _pure_builtin(b, fn, args, kwargs, code, offset):
    if not _is_pure_builtin(fn):
        return PASS
    values = (*args, *kwargs.values())
    if fn in (str, repr) and only(args, kwargs, 1) and (
            is_symbolic(args[0]) or is_variable(args[0])
            or arrays.is_computed(args[0])):
        return graph_builtins.text_later(b, args[0], "s" if fn is str else "r", code, offset)
    if fn is sum and len(args) == 1 and not kwargs and \
            isinstance(args[0], (list, tuple, BuildIterator) + natives.ITERATORS):
        items = list(args[0])
        try:
            summed = numbers.python_sum(items, b.provenance.number_of, b.check)
        except numbers.NotRepresentable as exc:
            raise Unsupported(str(exc), code, offset) from exc
        if summed is not None:
            b.promote(*summed)
            return summed[0]
        args = (items,)
        values = (items,)
    if fn in _ITERATING and not any(type(v) is arrays.ArrayArg for v in kwargs.values()) \
            and any(type(a) is arrays.ArrayArg for a in args):
        # numpy iterates an array over its first axis: its rows, as `arr[i]` gives them.
        args = tuple(a.rows() if type(a) is arrays.ArrayArg else a for a in args)
        values = (*args, *kwargs.values())
    if any(type(a) is arrays.ArrayArg for a in values):
        if fn is len and len(args) == 1 and args[0].tensor.shape.rank and \
                args[0].tensor.shape[0] is None:
            return b.load_attr(args[0], "shape", code, offset)[0]
        return arrays.builtin(fn, args, code, offset)
    if any(is_symbolic(a) for a in values) and \
            fn not in (isinstance, len, tuple, list, zip, enumerate):
        raise Unsupported(f"{fn.__name__}() of a tensor", code, offset)
    if fn in (iter, enumerate, zip, reversed):
        # Over the program's containers, an iteration that sees the call's writes to
        # them (iteration.Live); the values it yields are read as a `for` reads them.
        passes = _passes_through(b, fn)
        live = iteration.live_builtin(
            b, fn, args, kwargs,
            lambda value: natives.first_opaque((value,), False, passes) is None,
            generators.InlinedGenerator)
        if live is not None:
            return b.note_created(live)
        if fn is iter and only(args, kwargs, 1) and \
                type(args[0]) is generators.InlinedGenerator:
            return args[0]                      # a generator is its own iterator
    if fn not in (isinstance, issubclass):
        opaque = natives.first_opaque(values, fn not in natives.SHALLOW,
                                      _passes_through(b, fn))
        if opaque is not None:
            return dunders.call(b, fn, args, kwargs, opaque, code, offset)
        if fn not in natives.SHALLOW:
            for value in values:
                reads.whole(b, value, code, offset)
    if fn in (str, repr, hash) and has_symbolic(args):
        # repr((x, 2)) with x a number read at call time would bake in the symbolic
        # tensor's repr.
        raise Unsupported(f"{fn.__name__}() of a container holding a tensor", code, offset)
    library_state.note_native_evaluation(b.record.settings, values)
    try:
        result = fn(*args, **kwargs)
    except Exception as exc:
        if has_symbolic(values) or any(is_stand_in(v) for v in values):
            # Fails on the builder's stand-ins (sorted() of graph floats): not the program's.
            if isinstance(exc, TypeError):
                raise BuildRaised(f"{fn.__name__}() of values the graph computes (it "
                                  "compares or converts them while building)", code,
                                  offset) from exc
            raise
        # On plain values the builtin does what it does in eager: the program's own
        # error (int("n/a"), len(None)), raised where the call is.
        raise Thrown(exc, code, offset) from None
    if isinstance(result, CONTAINER_TYPES + natives.ITERATORS):
        b.note_created(result)
    return b.provenance.note_computed(result, values)


def _program_function(b, fn, args, kwargs, code, offset):
    if isinstance(fn, types.FunctionType) and not from_library(fn):
        return b.inline(fn, args, kwargs, code, offset)
    if isinstance(fn, types.MethodType) and isinstance(fn.__func__, types.FunctionType) \
            and not from_library(fn.__func__):
        return b.inline(fn.__func__, (fn.__self__, *args), kwargs, code, offset)
    return PASS


def _builtin_method(b, fn, args, kwargs, code, offset):
    """A method of a str/number, or of a list or dict the build holds."""
    if not isinstance(fn, types.BuiltinMethodType):
        return PASS
    owner = getattr(fn, "__self__", None)
    if type(owner) in dunders.VALUE_TYPES:
        return dunders.value_method(b, fn, generators.run_to_end(b, args), kwargs,
                                    code, offset)
    if type(owner) is list:
        reads.adopt(b, owner)
    if type(owner) in (list, dict) and (
            b.provenance.real_of(owner) is not None
            or b.provenance.lazy_source(owner) is not None
            or b.provenance.source_of(owner) is not None):
        return b.heap_method(owner, fn.__name__, args, kwargs, code, offset)
    if type(owner) is set and b.provenance.source_of(owner) is not None:
        return sets.programs_set_method(b, owner, fn.__name__, args, kwargs, code, offset)
    if isinstance(owner, CONTAINER_TYPES + (frozenset,)) and b.provenance.is_created(owner):
        if not b.may_mutate(owner) and fn.__name__ not in READ_METHODS | sets.READS:
            raise Unsupported(f"{type(owner).__name__}.{fn.__name__}() on a container from "
                              "outside a cond arm or loop body", code, offset)
        if type(owner) in sets.SET_TYPES:
            return sets.method(b, owner, fn.__name__, args, kwargs, code, offset)
        if fn.__name__ in heap.READS_GIVEN:
            args, kwargs = b.given_whole(args, kwargs, code, offset)
        return fn(*args, **kwargs)
    if b.provenance.argument_name(owner) is not None:
        if fn.__name__ in READ_METHODS:
            return fn(*args, **kwargs)      # its contents are the planned arguments
        b.mutating_argument(owner, code, offset)
    return PASS


def _user_layer(b, fn, args, kwargs, code, offset):
    if user_call(fn) is None or attribute_reads.shadowed_by_library_read(fn, "call"):
        return PASS
    _no_carried_numbers(b, fn, args, kwargs, code, offset)
    return b.call_user_layer(fn, args, kwargs, code, offset)


def _no_carried_numbers(b, fn, args, kwargs, code, offset):
    """A Keras layer's call gets the Python numbers it is given (a temperature, a rate
    from a counter) as they are, eagerly; one the graph carries would reach it as a
    tensor: the build specialises the number instead (Unsupported, with the plan's
    varying numbers)."""
    for value in (*args, *kwargs.values()):
        for item in (value if type(value) in (list, tuple) else (value,)):
            if is_symbolic(item) and b.provenance.number_of(item) is not None:
                raise Unsupported(f"a Python number the graph carries passed to the Keras "
                                  f"layer {getattr(fn, 'name', type(fn).__name__)!r}: its "
                                  "call gets the Python number eagerly", code, offset)


def _structure(b, fn, args, kwargs, code, offset):
    """tf.nest's structure utilities hand back the leaves they are given, as the objects
    they are (a float the step computed stays that float): they run on the build's own
    values, not on what a TF op would convert them to, and map_structure's function is
    called per leaf as the step's own call (abs of a carried float is Python's)."""
    if fn not in (tf.nest.flatten, tf.nest.pack_sequence_as, tf.nest.map_structure,
                  tf.nest.is_nested, tf.nest.assert_same_structure):
        return PASS
    for value in (*args, *kwargs.values()):
        reads.read_natively(b, value)
    if fn is tf.nest.map_structure:
        if not args or set(kwargs) - {"check_types", "expand_composites"}:
            raise Unsupported("tf.nest.map_structure() with arguments janus does not "
                              "convert", code, offset)
        func, *structures = args
        expand = kwargs.get("expand_composites", False)
        for other in structures[1:]:
            tf.nest.assert_same_structure(structures[0], other, expand_composites=expand,
                                          check_types=kwargs.get("check_types", True))
        flat = [tf.nest.flatten(s, expand_composites=expand) for s in structures]
        leaves = [b.call(func, items, {}, code, offset) for items in zip(*flat)]
        result = tf.nest.pack_sequence_as(structures[0], leaves, expand_composites=expand)
    else:
        result = fn(*args, **kwargs)
    return _made_by_library(b, result)


def _made_by_library(b, value, depth=0):
    """The lists, tuples and dicts a structure utility made: this call's own."""
    if type(value) in (list, dict) and depth < 8:
        for item in (value.values() if type(value) is dict else value):
            _made_by_library(b, item, depth + 1)
        b.note_created(value)
    elif type(value) is tuple and depth < 8:
        for item in value:
            _made_by_library(b, item, depth + 1)
    return value


_TENSOR_REFERENCES = (tf.Tensor.ref, tf.Tensor.experimental_ref)


def _tensor_reference(b, fn, args, kwargs, code, offset):
    if getattr(fn, "__func__", None) not in _TENSOR_REFERENCES or \
            not is_symbolic(fn.__self__) or args or kwargs:
        return PASS
    return references.reference_of(b, fn.__self__, fn.__name__, code, offset)


def _library_callable(b, fn, args, kwargs, code, offset):
    """A TF or Keras function, layer, loss or optimizer: it runs on the symbolic values,
    so its ops join the graph (the paper's whitelist)."""
    if not _is_library_callable(fn):
        return PASS
    values = (*args, *kwargs.values())
    if program_functions.answers_eager_question(fn) and not args and not kwargs:
        return program_functions.eager_answer(b, fn)
    if isinstance(getattr(fn, "__self__", None), tf.data.Dataset) and any(
            isinstance(v, (types.FunctionType, types.MethodType)) and not from_library(v)
            for v in values):
        raise Unsupported(f"tf.data's {fn.__name__}() of the program's function in the "
                          "step: tf.data traces it at this call, running its Python, and "
                          "eager does so at every call", code, offset)
    if fn is tf.is_symbolic_tensor and len(args) == 1 and not kwargs and \
            is_symbolic(args[0]):
        return False        # the graph's tensor stands for the call's eager one
    if fn in (tf.type_spec_from_value, tf.TensorSpec.from_tensor) and has_symbolic(values):
        raise Unsupported(f"{fn.__qualname__}() of a tensor the graph computes: the "
                          "graph's spec (its relaxed dimensions, its op's name) is not "
                          "eager's", code, offset)
    if _is_keras_shape(fn) and len(args) == 1 and not kwargs and is_symbolic(args[0]) \
            and args[0].shape.rank is not None and not args[0].shape.is_fully_defined():
        # keras.ops.shape gives eager's Python ints; in a graph, a tensor for each
        # dimension the cache relaxed.  The builder's shape gives ints read at run time.
        return tuple(b.load_attr(args[0], "shape", code, offset))
    if program_functions.asks_for_the_graph(fn):
        raise Unsupported(f"{fn.__qualname__}() in the step: eager's is the process's "
                          "global graph, a build's the graph being built", code, offset)
    answer = eager_answers.answer(fn)
    if answer is not None:
        return answer(args, kwargs, code, offset)
    # (What library code is handed, as the program handed it: the checks below put the
    # builder's closures in place of the program's branches and loop bodies.)
    handed_args, handed_kwargs = args, kwargs
    args, kwargs = eager_answers.eager_arguments(b, fn, args, kwargs, code, offset)
    args, kwargs = eager_answers.branches_checked(b, fn, args, kwargs, code, offset)
    if fn is tf.while_loop:
        args, kwargs, body_returned = eager_answers.body_noted(args, kwargs)
    if any(type(a) is GraphText for a in values):
        raise Unsupported(f"a string formatted from graph values passed to {fn!r}",
                          code, offset)
    if any(type(a) is objects.ObjectRef for a in values):
        raise Unsupported(f"a Python object read at run time passed to {fn!r}", code, offset)
    closure = next((a for a in _shallow(values) if _closes_over_the_call(b, a)), None)
    if closure is not None and not eager_answers.calls_back_only_during(fn):
        # Library code would run it natively, reading the build's values in its cells.
        raise Unsupported(f"{closure.__qualname__}, a function the step made that closes "
                          f"over its variables, passed to {getattr(fn, '__qualname__', fn)}",
                          code, offset)
    native = next((a for a in _shallow(values) if _native_method_of_an_object(a)), None)
    if native is not None:
        # Library code runs natively while janus builds: a C method (a list's append as
        # a `print_fn`) would change the program's object then, where no watch of
        # Python code sees it, and again when the interpreter or the graph runs.
        raise Unsupported(f"{type(native.__self__).__name__}.{native.__name__} of an "
                          f"object of the program passed to "
                          f"{getattr(fn, '__qualname__', fn)}: library code would call it "
                          "while janus builds the step", code, offset)
    if user_call(fn) is None and _is_keras_layer(fn):
        _no_carried_numbers(b, fn, args, kwargs, code, offset)
    if getattr(fn, "built", True) is False and is_library_object(fn):
        # Its weights would be made in the graph; the eager call makes them.
        raise NotYet(f"Keras layer {getattr(fn, 'name', fn)!r} is not built yet", code,
                     offset)
    program_function = program_functions.is_program_function(fn)
    if program_function:
        if program_functions.runs_eagerly(b):
            return b.call(fn.python_function, args, kwargs, code, offset)
        program_functions.check_call(b, fn, args, kwargs, code, offset)
        program_functions.count_call(b, fn, code, offset)
    elif program_functions.is_method_of_program_function(fn):
        program_functions.refuse_method(fn, code, offset)
    name = getattr(fn, "__qualname__", None) or type(fn).__qualname__
    if library_state.is_keras_callback(getattr(fn, "__self__", None)):
        raise Unsupported(f"{name}() of a Keras callback in the step: "
                          "callbacks keep Python state (History's lists) that a build "
                          "would write once, with graph values", code, offset)
    b.note_library_call(fn, handed_args, handed_kwargs)
    for value in values:
        reads.read_natively(b, value)
    if (getattr(fn, "__module__", None) or type(fn).__module__ or "").startswith("keras"):
        try:
            numbers.keras_weak_typing(name, values, b.provenance.number_of)
        except numbers.NotRepresentable as exc:
            raise Unsupported(str(exc), code, offset) from None

    def wrap(value):
        if type(value) in (list, tuple) and any(
                type(b.as_eager_number(item)) is numbers.EagerNumber for item in value):
            # A list holding Python numbers (a shape `[k, 4]`): eager converts them as
            # Python numbers (int32, float32), not as the graph carries them.
            return type(value)(_as_converted(b.as_eager_number(item)) for item in value)
        return b.as_eager_number(arrays.unwrap(value))
    graph = tf.compat.v1.get_default_graph()
    last_op = max(graph._nodes_by_id, default=0)
    with output.library_prints_refused(f"{name}()", code, offset), \
            program_functions.library_called_at(code, offset), \
            b.arm_tapes.using(b, fn, args, kwargs, code, offset):
        result = numbers.handed_back(
            fn(*map(wrap, args), **{k: wrap(v) for k, v in kwargs.items()}))
    made = (graph._nodes_by_id[i] for i in range(last_op + 1,
                                                max(graph._nodes_by_id, default=0) + 1)
            if i in graph._nodes_by_id)
    if program_function and any(
            op.type in ("PartitionedCall", "StatefulPartitionedCall") and
            output.function_prints(graph, op.get_attr("f").name) for op in made):
        # Its prints run inside the graph, at this point of the step.
        output.printed_in_graph(b, f"the program's tf.function "
                                f"{fn.python_function.__qualname__}", code, offset)
    if fn is tf.while_loop:
        eager_answers.same_containers(args, kwargs, body_returned, code, offset)
    flow_identity.follow(b, result, last_op)
    result = eager_answers.after_call(b, fn, result)
    b.note_fresh(result)        # fresh lists, e.g. tape.gradient's
    return result


def _user_dunder_call(b, fn, args, kwargs, code, offset):
    call_impl = janus_ext.type_lookup(type(fn), "__call__")
    if not isinstance(call_impl, types.FunctionType) or from_library(call_impl):
        return PASS
    # A user class's __call__, guarded on the class (a call looks it up there).
    reads.implicit_method(b, fn, "__call__", call_impl)
    return b.inline(call_impl, (fn, *args), kwargs, code, offset)


def _map_or_filter(b, fn, args, kwargs, code, offset):
    if fn is not map and fn is not filter:
        return PASS
    passes = _passes_through(b, fn)
    made = iteration.mapped(
        b, fn, args, kwargs, lambda value: natives.first_opaque((value,), False, passes) is None,
        generators.InlinedGenerator, code, offset)
    if made is None:
        raise Unsupported(f"{fn.__name__}() of these arguments (an iterable whose own code "
                          "iteration would run)", code, offset)
    return b.note_created(made)


def _class(b, fn, args, kwargs, code, offset):
    if not isinstance(fn, type):
        return PASS
    return made.construct(b, fn, args, kwargs, code, offset)


WITH_CONTENTS = (_introspection, _made_set, _pure_builtin, _program_function, _builtin_method,
                 _user_layer, _structure, _tensor_reference, _library_callable,
                 _user_dunder_call, _map_or_filter, stdlib_calls.itertools_object,
                 stdlib_calls.operator_callable, _class, stdlib_calls.math_function,
                 stdlib_calls.bisect_call, stdlib_calls.list_algorithm,
                 stdlib_calls.python_equivalent)
# The rules for a callable whose class defines == or hash() (_compares_in_program_code).
OF_PROGRAM_OBJECTS = (_user_layer, _user_dunder_call, _class)


def _as_converted(item):
    return item.__tf_tensor__() if type(item) is numbers.EagerNumber else item


def _shallow(values):
    """`values` and the items of the lists, tuples and dicts among them."""
    for value in values:
        yield value
        if type(value) in (list, tuple):
            yield from value
        elif type(value) is dict:
            yield from value.values()


def _native_method_of_an_object(value):
    """A method in C bound to an object that it can change (`items.append`), not to a
    module (`print`) or an immutable value (`", ".join`)."""
    return type(value) is types.BuiltinMethodType and value.__self__ is not None and \
        not isinstance(value.__self__, (types.ModuleType, str, bytes, int, float, tuple,
                                        frozenset))


def _closes_over_the_call(b, value):
    """A function whose closure holds a cell this call made (MAKE_CELL)."""
    function = value.__func__ if isinstance(value, types.MethodType) else value
    cells = function.__closure__ if isinstance(function, types.FunctionType) else None
    return bool(cells) and any(id(cell) in b.inlining.made_cells for cell in cells)


def user_call(layer):
    """The Python call() a user wrote on a Keras layer subclass, else None."""
    impl = janus_ext.type_lookup(type(layer), "call")
    if isinstance(impl, types.FunctionType) and not from_library(impl) and \
            from_library(type(layer).__call__):
        return impl
    return None


def _passes_through(b, fn):
    """What `fn` may take unguarded: TF/Keras objects; for a SHALLOW builtin
    (`enumerate(zip(g, v))`) also a C iterator this build made."""
    if fn not in natives.SHALLOW:
        return is_library_object
    return lambda value: is_library_object(value) or (
        (type(value) in natives.ITERATORS or isinstance(value, BuildIterator))
        and b.provenance.is_created(value))


def _is_keras_layer(fn):
    layer = sys.modules.get("keras.src.layers.layer")
    return layer is not None and isinstance(fn, layer.Layer)


def _is_keras_shape(fn):
    core = sys.modules.get("keras.src.ops.core")
    return core is not None and fn is getattr(core, "shape", None)


def _is_library_callable(fn):
    if isinstance(fn, type):
        return fn.__module__.startswith(LIBRARY_MODULES)
    if isinstance(fn, (types.FunctionType, types.BuiltinFunctionType, types.MethodType,
                       types.BuiltinMethodType)):
        return from_library(fn)
    if is_library_object(fn):
        # Keras/TF objects called through the library's own __call__ (user call() methods
        # were routed to call_user_layer before this).
        return from_library(getattr(type(fn), "__call__", object))  # noqa: B004
    return False


def _is_pure_builtin(fn):
    try:
        return fn in PURE_BUILTINS
    except TypeError:           # unhashable callables are no builtins
        return False
