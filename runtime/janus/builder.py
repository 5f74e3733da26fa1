"""Code object + one call's arguments → TF concrete function + entry guards.

The builder executes the function's bytecode symbolically (it never re-runs the user's
Python under tf.function tracing).  Values on its stack are either Python objects known
at build time, or symbolic tensors of the graph being built:

- tensor and ndarray arguments become graph inputs; everything else an argument holds is
  specialised and guarded (janus/guards.py);
- globals, attributes and items read at build time are guarded where they come from;
- calls of TensorFlow / Keras functions, layers, losses, optimizers and GradientTape run
  with the symbolic values and so add their ops to the graph (the paper's whitelist), as
  do the pure builtins; other Python functions are inlined by executing their bytecode;
- anything else raises Unsupported, with the place and the reason, and the executor
  leaves that call to the interpreter.
"""

import builtins
import inspect
import random
import types

import janus_ext
import numpy as np
import tensorflow as tf

from . import (arrays, attributes, bytecode, control, frame, guards, heap, inputs,
               natives, numbers, objects, raising, recursive_calls)
# The ground floor, re-exported: the other stages name these as builder.X.
from .errors import NeedsProfile, NeedsReference, NotYet, Raises, Unsupported, line_of
from .values import (LIBRARY_MODULES, NULL, from_library as _from_library,
                     is_library_object, is_symbolic)

# Builtins that are pure functions of their arguments: evaluated at build time.
PURE_BUILTINS = frozenset(getattr(builtins, name) for name in (
    "abs", "all", "any", "bool", "dict", "divmod", "enumerate", "float", "int",
    "isinstance", "issubclass", "len", "list", "max", "min", "pow", "range", "reversed",
    "round", "sorted", "sum", "tuple", "zip", "slice", "str", "repr", "hash", "iter",
))
# Methods of build-time containers that are safe when janus created the container.
CONTAINER_TYPES = (list, dict, set)
# Methods that only read a container: safe in any region.
READ_METHODS = frozenset({"get", "keys", "values", "items", "index", "count", "copy",
                          "__getitem__", "__contains__", "__len__"})
MAX_CARRIED_ITEMS = 16      # a rebound list/tuple longer than this is not read item-wise
MAX_INSTRUCTIONS = 200_000   # per build: unrolled Python loops stop here
MAX_INLINE_DEPTH = 32
_GENERATORS = (random.Random, np.random.RandomState, np.random.Generator)
_NO_ITEM = object()

class Builder:
    """Symbolically executes one call; see the module docstring."""

    def __init__(self, code, globals_dict, arg_names, args, relaxed_dims, profile=None,
                 relaxed=None, varying=frozenset(), call_args_holder=None,
                 by_reference=frozenset(), free_count=0):
        self.code = code
        self.globals = globals_dict
        self.builtins = builtins.__dict__
        self.arg_names = arg_names            # the parameters, then the free variables
        self.param_count = len(arg_names) - free_count
        self.args = args
        self.relaxed_dims = relaxed_dims      # {arg accessor description: set of dims}
        self.guards = guards.GuardSet()
        self.inputs = inputs.InputPlan(self)
        self.sources: dict[int, tuple] = {}   # id(object) -> accessor it was read from
        self.keep_alive: list = []
        self.created: set[int] = set()        # ids of containers made during the build
        self.steps = 0
        self.depth = 0
        self.entered: list = []               # context managers to leave on failure
        self.handled = None                   # the exception a built handler handles
        self.created_exceptions: dict = {}    # id -> exception objects made (raising.py)
        self.profile = profile or {}          # the root code's branch counts
        self.relaxed = relaxed or set()       # (code, offset): never speculate again
        self.number_checks = 0               # numbers each check's message (numbers.py)
        self.where = (code, 0)                 # the instruction being built, for messages
        self.assumptions: list = []           # (assert op, (code, offset)) in order
        self.region_depth = 0                 # > 0 inside a cond arm or loop body
        self.region_serial = [0]              # serials of the open regions, innermost last
        self.region_kinds: list[str] = []     # "arm" / "body" per open region
        self.regions_opened = 0
        self.created_in: dict[int, int] = {}  # container id -> region serial
        self.promoted: dict[int, object] = {} # id(tensor) -> Python type, or MIXED
        self._regions: dict = {}
        self.heap = heap.Heap(self, varying)
        self.call_args_holder = call_args_holder
        self.lazy_contents: dict[int, tuple] = {}  # id(container) -> (accessor, container)
        self.root_graph = None
        self.rebound: set[str] = set()        # attribute/global names the code assigns
        # Object pointers and recursion (janus/objects.py, janus/recursion.py)
        self.by_reference = by_reference      # argument names passed as object pointers
        self.population = objects.Population()
        self.inline_stack: list = []          # (code, local values) of the inlined calls
        self.recursive: dict = {}             # (code, signature) -> RecursiveFunction
        self.tracing: dict = {}               # code -> (signature, recurse) while traced
        self.call_ids: list = []              # call-id tensors of the bodies being traced
        self.root_call_id = None
        self.recursive_codes: list = []       # codes turned into recursive graphs

    # -- control flow (janus/control.py) -------------------------------------------

    def regions(self, code):
        if code not in self._regions:
            self._regions[code] = control.Regions(code)
        return self._regions[code]

    def profiled_direction(self, code, offset):
        """True/False when the profile saw this branch go only one way, else None."""
        if code is not self.code:
            return None                      # inlined callees are not profiled
        counts = self.profile.get("branches", {}).get(offset)
        if not counts or (counts["taken"] and counts["not_taken"]):
            return None
        return bool(counts["taken"])

    def assume(self, condition, key, ins):
        """An in-graph assertion that `condition` holds; failing it means fallback."""
        index = len(self.assumptions)
        code, offset = key
        message = (f"janus-assumption {index}: branch at {code.co_qualname}:"
                   f"{line_of(code, offset)}")
        op = tf.debugging.Assert(condition, [message])
        self.assumptions.append((op, key))

    def check(self, condition, reason):
        """An in-graph check that an operation on Python numbers gives Python's result
        (numbers.py).  Failing it sends the call to the interpreter; the graph stays."""
        static = tf.get_static_value(condition)
        if static is not None:
            if bool(static):
                return
            raise Raises(f"{reason} (known when building)", *self.where)
        code, offset = self.where
        message = (f"janus-check {self.number_checks}: {reason} at "
                   f"{code.co_qualname}:{line_of(code, offset)}")
        self.number_checks += 1
        # Gated with the other checks by atomic.gate, which finds every Assert.
        tf.debugging.Assert(condition, [message])

    def promote(self, tensor, python_type):
        """`tensor` stands for a Python number of `python_type` (or control.MIXED)."""
        self.promoted[id(tensor)] = python_type
        self.keep_alive.append(tensor)

    def in_region(self, run, dry=False, arm=False):
        """Run a cond arm (`arm`) or a loop/recursive body, dry on a scratch graph or
        for real."""
        self.region_depth += 1
        self.regions_opened += 1
        self.region_serial.append(self.regions_opened)
        self.region_kinds.append("arm" if arm else "body")
        saved_steps, handled = self.steps, self.handled
        try:
            return run()
        finally:
            self.handled = handled    # an arm that returns from a handler left it
            self.region_serial.pop()
            self.region_kinds.pop()
            self.region_depth -= 1
            if dry:
                self.steps = saved_steps

    def may_mutate(self, container):
        serial = self.created_in.get(id(container))
        return serial is not None and serial >= self.region_serial[-1]

    def _note_fresh(self, value, depth=0):
        if type(value) in CONTAINER_TYPES or type(value) is tuple:
            if type(value) is not tuple:
                self.note_created(value)
            if depth < 4:
                for item in (value.values() if type(value) is dict else value):
                    self._note_fresh(item, depth + 1)

    def note_created(self, container):
        self.created.add(id(container))
        self.created_in[id(container)] = self.region_serial[-1]
        self.keep_alive.append(container)
        return container

    # -- argument planning (janus/inputs.py) -----------------------------------------

    def plan_inputs(self):
        self.inputs.plan(self.arg_names, self.args, self.param_count)

    def substitute(self, flat_inputs):
        return self.inputs.substitute(self.args, flat_inputs)

    def remember(self, value, acc):
        if type(value) not in guards.SPECIALISABLE:
            self.sources[id(value)] = acc
            self.keep_alive.append(value)

    # -- running ---------------------------------------------------------------------

    def run(self, args):
        try:
            count = self.param_count
            cells = {name: (cell, guards.arg(count + i))
                     for i, (name, cell) in enumerate(zip(self.arg_names[count:],
                                                          args[count:]))}
            return self.execute(self.code, self.globals,
                                dict(zip(self.arg_names[:count], args[:count])), cells)
        except Unsupported:
            self._leave_contexts()
            raise
        except Exception as exc:  # a TF or Python error while building: not convertible
            self._leave_contexts()
            raise Unsupported(f"building raised {type(exc).__name__}: {exc}",
                              self.code) from exc

    def _leave_contexts(self):
        while self.entered:
            exit_fn = self.entered.pop()
            try:
                exit_fn(None, None, None)
            except Exception:
                pass

    def execute(self, code, globals_dict, local_values, cells=None):
        if code.co_flags & bytecode.GENERATOR_FLAGS:
            raise Unsupported("generators and coroutines are left to the interpreter", code)
        if code.co_cellvars:
            raise Unsupported("functions that make closures (cell variables) are not "
                              "converted yet", code)
        if code.co_freevars and cells is None:
            raise Unsupported("a closure whose cells janus cannot reach", code)
        self.rebound.update(ins.argval for ins in bytecode.decode(code)
                            if ins.opname in ("STORE_ATTR", "STORE_GLOBAL", "STORE_DEREF"))
        self.depth += 1
        if self.depth > MAX_INLINE_DEPTH:
            raise Unsupported("inlining too deep (recursion over build-time constants is "
                              "unrolled; over objects it becomes a recursive graph)", code)
        try:
            end = frame.Frame(self, code, globals_dict, local_values, cells or {}).run_until(
                0, frozenset())
            return end.value
        finally:
            self.depth -= 1

    # -- reading the outside world ---------------------------------------------------

    def read_global(self, globals_dict, name, code, offset):
        found, value = self.heap.written(globals_dict, name)
        if found:
            return value
        if name in globals_dict:
            value = globals_dict[name]
        elif name in self.builtins:
            value = self.builtins[name]
        else:
            raise Unsupported(f"global {name!r} is not defined", code, offset)
        acc = guards.global_(globals_dict, self.builtins, name)
        return self._guard_read(acc, value, f"global {name!r}", code, offset,
                                rebound=name in self.rebound)

    def _guard_read(self, acc, value, what, code, offset, library=False, rebound=False):
        """Guard a value read from the heap; returns what the graph uses for it.

        `rebound`: the converted code assigns this attribute or global, so its value
        is state carried from call to call (a counter, an RNN state): it is read at
        every call rather than specialised."""
        if id(value) in self.heap.shadows:
            return self.heap.shadows[id(value)]
        where = guards.describe_accessor(acc, self.arg_names)
        if rebound and type(value) in (list, tuple) and len(value) <= MAX_CARRIED_ITEMS:
            # Same type and length each call; the items are read like any heap value.
            self.guards.require_type(acc, type(value))
            self.guards.require_length(acc, len(value))
            items = [self._guard_read(guards.item(acc, i), item, f"{what}[{i}]", code,
                                      offset, library, rebound)
                     for i, item in enumerate(value)]
            return tuple(items) if type(value) is tuple else self.note_created(items)
        if rebound and type(value) in heap.VARYING_NUMBER_DTYPES:
            return self._read_at_call_time(acc, value, where)
        if isinstance(value, np.ndarray):
            if value.dtype == object:
                raise Unsupported(f"{what} is an object array", code, offset)
            return self._read_at_call_time(acc, value, where)
        if self.heap.wants_call_time_read(value, where):
            return self._read_at_call_time(acc, value, where)
        if type(value) is list and not library:
            # The user's own list: the same object; its contents are guarded only
            # if the call reads them (an append-only history changes every call).
            self.guards.require_is(acc, value)
            self.lazy_contents[id(value)] = (acc, value)
        elif type(value) is list or isinstance(value, tuple) and type(value) is not tuple:
            # Same elements in the same order; not the same list object, since
            # properties such as Keras' trainable_variables build a new list each time.
            self.guards.require_elements(acc, value)
        elif type(value) is tuple:
            # Exact items: constants by type and value, anything else by identity.
            self.guards.require_equal(acc, value)
        elif type(value) is dict:
            # The program's own dict or one a library object holds (a Tokenizer's
            # word_index): the same object; its keys and the items read are guarded.
            self.guards.require_is(acc, value)
            self.lazy_contents[id(value)] = (acc, value)
        elif type(value) in (dict, set):
            raise Unsupported(f"{what} is a mutable {type(value).__name__}", code, offset)
        else:
            self.guards.require_value(acc, value)
        self.remember(value, acc)
        return value

    def _read_at_call_time(self, acc, value, where):
        if self.call_ids:
            raise Unsupported(f"{where} would be read at call time inside a recursive "
                              "function")
        if self.root_graph is None:
            raise Unsupported(f"{where} is read before the graph exists")
        with self.root_graph.as_default():
            return self.heap.read_at_call_time(acc, value, where)

    def contents_used(self, value):
        """The call depends on what a heap list or dict holds: guard the contents."""
        real = self.heap.real_of.get(id(value), value)
        entry = self.lazy_contents.pop(id(real), None)
        if entry is not None:
            acc, container = entry
            if type(container) is dict:
                # The keys; a value is guarded where it is read (BINARY_SUBSCR, get).
                self.guards.require_keys(acc, container)
                for key, item in container.items():
                    if not _is_python_data(item):
                        self.guards.require_is(guards.item(acc, key), item)
            else:
                self.guards.require_elements(acc, container)

    def load_attr(self, owner, name, code, offset):
        if owner is NULL:
            raise Unsupported("attribute of NULL", code, offset)
        if type(owner) is objects.ObjectRef:
            return recursive_calls.load_object_attr(self, owner, name, code, offset)
        if type(owner) is arrays.ArrayArg:
            if name == "shape" and not owner.tensor.shape.is_fully_defined():
                # Relaxed dimensions: numpy's tuple, of ints read at run time.
                return self.load_attr(owner.tensor, "shape", code, offset)
            return owner.attribute(name, code, offset)
        if is_symbolic(owner) and name == "shape" and not owner.shape.is_fully_defined():
            # Relaxed dimensions are read at run time, so `range(x.shape[1])` over a
            # varying length becomes a while loop instead of a rebuild per length.
            if owner.shape.rank is None:
                raise Unsupported("the rank of a tensor is unknown", code, offset)
            dynamic = tf.shape(owner, out_type=tf.int64)
            dims = []
            for i, d in enumerate(owner.shape.as_list()):
                if d is None:
                    d = dynamic[i]
                    self.promote(d, int)     # a Python int to the program, not a tensor
                dims.append(d)
            return tuple(dims)
        if is_symbolic(owner) or isinstance(owner, tf.Variable) or id(owner) in self.created:
            return getattr(owner, name)
        if type(owner) in (list, dict, set, tuple, str):
            return getattr(owner, name)      # methods of builtin containers
        found, value = self.heap.written(owner, name)
        if found:
            return value
        library = (is_library_object(owner) or isinstance(owner, types.ModuleType)
                   and (owner.__name__ or "").startswith(LIBRARY_MODULES))
        acc = self.sources.get(id(owner))
        if acc is None and id(owner) not in self.heap.real_of:
            # An object a library call returned: what the build saw is this object, so
            # its attributes are guarded from the object itself.
            acc = guards.const(owner)
            self.remember(owner, acc)
        return attributes.load(self, owner, name, acc, library, code, offset)

    # -- calls -----------------------------------------------------------------------

    def call(self, fn, args, kwargs, code, offset):
        if any(a is NULL for a in args):
            raise Unsupported("call with a NULL argument", code, offset)
        if type(fn) is frame.WithExit:
            return fn(*args)
        if raising.is_plain_exception_class(fn):
            return raising.make(self, fn, args, kwargs, has_symbolic, code, offset)
        if raising.reads_own_exception(self, fn, args, kwargs):
            return fn(*args)
        if fn is getattr and len(args) == 2 and not kwargs and type(args[1]) is str:
            return self.load_attr(args[0], args[1], code, offset)   # guarded like `a.b`
        if fn is print:
            self.no_writes_in_regions("print", code, offset)
            self.heap.call_with_effect(print, self.snapshot(args), self.snapshot(kwargs))
            return None
        if fn in numbers.BUILTINS and any(is_symbolic(a) for a in args):
            return self._number_builtin(fn, args, kwargs, code, offset)
        if fn is range and any(is_symbolic(a) for a in args):
            return control.SymbolicRange(args)
        if fn is tf.constant and args and has_symbolic(args[0]):
            # tf.constant([node.word]) with a word read at run time: the same tensor,
            # packed in the graph, with eager's dtype for Python numbers.
            return self._pack_constant(args[0], kwargs.get("dtype", args[1] if len(args) > 1
                                                          else None), code, offset)
        for value in (*args, *kwargs.values()):
            self.contents_used(value)
        if _is_pure_builtin(fn):
            if any(type(a) is arrays.ArrayArg for a in (*args, *kwargs.values())):
                if fn is len and len(args) == 1 and args[0].tensor.shape.rank and \
                        args[0].tensor.shape[0] is None:
                    return self.load_attr(args[0], "shape", code, offset)[0]
                return arrays.builtin(fn, args, code, offset)
            if any(is_symbolic(a) for a in (*args, *kwargs.values())) and \
                    fn not in (isinstance, len, tuple, list, zip, enumerate):
                raise Unsupported(f"{fn.__name__}() of a tensor", code, offset)
            if fn not in (isinstance, issubclass):
                opaque = natives.first_opaque((*args, *kwargs.values()),
                                              fn not in natives.SHALLOW, is_library_object)
                if opaque is not None:
                    return self.native_dunder(fn, args, kwargs, opaque, code, offset)
            if fn in (str, repr, hash) and has_symbolic(args):
                # repr((x, 2)) with x a number read at call time would bake in the
                # symbolic tensor's repr.
                raise Unsupported(f"{fn.__name__}() of a container holding a tensor",
                                  code, offset)
            result = fn(*args, **kwargs)
            if isinstance(result, CONTAINER_TYPES):
                self.note_created(result)
            return result
        if isinstance(fn, types.FunctionType) and not \
                _from_library(fn):
            return self.inline(fn, args, kwargs, code, offset)
        if isinstance(fn, types.MethodType) and isinstance(fn.__func__, types.FunctionType) \
                and not _from_library(fn.__func__):
            return self.inline(fn.__func__, (fn.__self__, *args), kwargs, code, offset)
        owner = getattr(fn, "__self__", None)
        if isinstance(fn, types.BuiltinMethodType) and type(owner) in (list, dict) and (
                id(owner) in self.heap.real_of or id(owner) in self.lazy_contents
                or id(owner) in self.sources):
            return self.heap_method(owner, fn.__name__, args, kwargs, code, offset)
        if isinstance(fn, types.BuiltinMethodType) and isinstance(
                getattr(fn, "__self__", None), CONTAINER_TYPES) and \
                id(fn.__self__) in self.created:
            if not self.may_mutate(fn.__self__) and fn.__name__ not in READ_METHODS:
                raise Unsupported(f"{type(fn.__self__).__name__}.{fn.__name__}() on a "
                                  "container from outside a cond arm or loop body",
                                  code, offset)
            return fn(*args, **kwargs)
        if _user_call(fn) is not None:
            return self.call_user_layer(fn, args, kwargs, code, offset)
        if self._is_library_callable(fn):
            if any(type(a) is objects.ObjectRef for a in (*args, *kwargs.values())):
                raise Unsupported(f"a Python object read at run time passed to {fn!r}",
                                  code, offset)
            if getattr(fn, "built", True) is False and is_library_object(fn):
                # Its weights would be created inside the graph being built; the
                # eager call creates them, as it would without janus.
                raise NotYet(f"Keras layer {getattr(fn, 'name', fn)!r} is not built yet",
                             code, offset)
            def wrap(value):
                return self.as_eager_number(arrays.unwrap(value))
            result = fn(*map(wrap, args), **{k: wrap(v) for k, v in kwargs.items()})
            self._note_fresh(result)        # fresh lists, e.g. tape.gradient's
            return result
        call_impl = janus_ext.type_lookup(type(fn), "__call__")
        if isinstance(call_impl, types.FunctionType) and not _from_library(call_impl):
            # An instance of a user class with __call__: inline it, guarded on the class
            # (a call looks __call__ up on the type, never on the instance).
            acc = self.sources.get(id(fn))
            if acc is not None:
                self.guards.require_is(guards.lookup(acc, "__call__"), call_impl)
            return self.inline(call_impl, (fn, *args), kwargs, code, offset)
        if isinstance(getattr(fn, "__self__", None), _GENERATORS):
            raise Unsupported(f"{fn.__qualname__}() draws from a Python or numpy random "
                              "generator at every call; a graph would keep one draw",
                              code, offset)
        raise Unsupported(f"call of {fn!r} is not known to janus (not a TensorFlow/Keras "
                          "function, a pure builtin, or a Python function)", code, offset)

    def native_dunder(self, fn, args, kwargs, value, code, offset):
        """`fn(value)` for a user object: its own dunder, inlined and guarded on the
        class attribute (an implicit call looks it up on the type), or a refusal."""
        name = getattr(fn, "__name__", repr(fn))
        why = f"{name}() of {natives.describe(value)} would run its code at build time"
        if kwargs or len(args) != 1 or args[0] is not value or fn not in natives.DUNDERS \
                or _from_library(type(value)) or type(value).__module__ in ("builtins",
                                                                            "collections"):
            raise Unsupported(why, code, offset)
        for dunder in natives.DUNDERS[fn]:
            impl = janus_ext.type_lookup(type(value), dunder)
            if impl is None:
                continue
            acc = self.sources.get(id(value))
            if not isinstance(impl, types.FunctionType) or (
                    acc is None and id(value) not in self.created):
                raise Unsupported(why, code, offset)
            if acc is not None:
                self.guards.require_is(guards.lookup(acc, dunder), impl)
            result = self.inline(impl, (value,), {}, code, offset)
            if fn is bool and dunder == "__len__":
                if type(result) is not int:       # bool() needs a Python int from it
                    raise Unsupported(f"{why}: its __len__ gave {type(result).__qualname__}",
                                      code, offset)
                return result != 0
            want = {len: int, bool: bool, float: float, int: int}[fn]
            if type(result) is want or (want is not bool and is_symbolic(result) and
                                        self.promoted.get(id(result)) is want):
                return result
            raise Unsupported(f"{why}: its {dunder} gave {type(result).__qualname__}",
                              code, offset)
        raise Unsupported(why, code, offset)

    def _number_builtin(self, fn, args, kwargs, code, offset):
        """float/int/abs/round/min/max/divmod of Python numbers the graph computes, or
        float()/int() of a one-element tensor (numbers.builtin)."""
        kinds = [numbers.python_type_of(a, self.promoted) for a in args]
        if kwargs or control.MIXED in kinds:
            raise Unsupported(f"{fn.__name__}() of a tensor", code, offset)
        try:
            results = numbers.builtin(fn, args, kinds, self.check)
        except numbers.NotRepresentable as exc:
            raise Unsupported(exc.args[0], code, offset) from exc
        for tensor, python_type in results:
            self.promote(tensor, python_type)
        values = tuple(tensor for tensor, _ in results)
        return values if fn is divmod else values[0]

    def as_eager_number(self, value):
        return numbers.as_eager_number(value, self.promoted, self.check)

    def _pack_constant(self, value, dtype, code, offset):
        if type(value) in (list, tuple):
            return tf.stack([self._pack_constant(v, dtype, code, offset) for v in value])
        if not is_symbolic(value):
            return tf.constant(value, dtype)
        python_type = self.promoted.get(id(value))
        if python_type == control.MIXED:
            raise Unsupported(f"tf.constant of {control.MIXED}", code, offset)
        if python_type in numbers.NUMBERS:
            return tf.convert_to_tensor(numbers.EagerNumber(value, python_type, self.check),
                                        dtype)
        return value if dtype is None else tf.cast(value, dtype)

    def _is_library_callable(self, fn):
        if isinstance(fn, type):
            return fn.__module__.startswith(LIBRARY_MODULES)
        if isinstance(fn, (types.FunctionType, types.BuiltinFunctionType, types.MethodType,
                           types.BuiltinMethodType)):
            return _from_library(fn)
        if is_library_object(fn):
            # Keras/TF objects called through the library's own __call__ (user call()
            # methods were routed to call_user_layer before this).
            return _from_library(getattr(type(fn), "__call__", object))
        return False

    def call_user_layer(self, layer, args, kwargs, code, offset):
        """A Keras layer or model whose call() the user wrote.  Keras' __call__ does its
        bookkeeping (training flag, autocast, name scopes) as for any layer, but the
        call() it reaches is the user's bytecode run by this builder, not traced."""
        impl = _user_call(layer)
        acc = self.sources.get(id(layer))
        if acc is not None:
            # The static read finds an instance entry first: one guard says that the
            # class holds `impl` and that nothing on the instance shadows it.
            self.guards.require_is(guards.attr(acc, "call"), impl)
        if janus_ext.own_attr(layer, "call") is not None:
            raise Unsupported(f"{type(layer).__qualname__} instance has its own `call` "
                              "attribute", code, offset)

        def through_builder(*call_args, **call_kwargs):
            return self.inline(impl, (layer, *call_args), call_kwargs, code, offset)

        object.__setattr__(layer, "call", through_builder)
        try:
            result = layer(*map(arrays.unwrap, args),
                           **{k: arrays.unwrap(v) for k, v in kwargs.items()})
        finally:
            object.__delattr__(layer, "call")
        self._note_fresh(result)
        return result

    def heap_method(self, container, name, args, kwargs, code, offset):
        """A list/dict method on a container from the heap (or this call's copy of it)."""
        if name in heap.READS_CONTENTS[type(container)]:
            self.contents_used(container)
        real = self.heap.real_of.get(id(container), container)
        acc = self.sources.get(id(real))
        if type(real) is dict and acc is not None and name in ("values", "items", "copy"):
            for key, item in real.items():
                self._guard_read(guards.item(acc, key), item, f"item {key!r}", code, offset)
        if type(real) is dict and acc is not None and name in ("get", "setdefault", "pop") \
                and args and same_item(container, real, args[0]):
            # The value comes from the caller's dict: guard it (or read it at call time)
            # like any item read, then let the method do the rest.
            key = args[0]
            value = self._guard_read(guards.item(acc, key), janus_ext.static_item(real, key),
                                     f"item {guards.show(key)}", code, offset)
            if name == "get":
                return value
            if name == "pop":
                self.heap.mutate(container, name, args, kwargs)
            return value
        if name in heap.MUTATORS[type(container)]:
            self.no_writes_in_regions(f"{type(container).__name__}.{name}()", code, offset)
            # No snapshot: the object stored is the one later code may still change.
            return self.heap.mutate(container, name, args, kwargs)
        return getattr(container, name)(*args, **kwargs)

    def no_writes_in_regions(self, what, code, offset):
        if self.region_depth:
            raise Unsupported(f"{what} inside a branch or loop on a tensor: writes to "
                              "Python state there are not converted", code, offset)

    def check_binding_write(self, what, code, offset):
        """Attribute and global stores may sit in cond arms (control.py merges what the
        arms wrote); not in loop or recursive bodies, where a write's count would
        depend on run-time values."""
        if any(kind != "arm" for kind in self.region_kinds) or self.call_ids:
            raise Unsupported(f"{what} inside a loop on a tensor or a recursive function: "
                              "writes to Python state there are not converted",
                              code, offset)

    def write_attribute(self, owner, name, value, code, offset):
        self.check_binding_write(f"attribute write .{name}", code, offset)
        if id(owner) not in self.sources and id(owner) not in self.heap.real_of:
            raise Unsupported(f"attribute write .{name} to an object janus did not read "
                              "from a guarded place", code, offset)
        if not heap.is_plain_object(owner) or is_library_object(owner):
            raise Unsupported(f"attribute write .{name} to a "
                              f"{type(owner).__qualname__}, which customises attribute "
                              "access or belongs to a library", code, offset)
        descriptor = janus_ext.type_lookup(type(owner), name)
        if descriptor is not None and \
                janus_ext.type_lookup(type(descriptor), "__set__") is not None:
            raise Unsupported(f"{type(owner).__qualname__}.{name} is a property or data "
                              "descriptor", code, offset)
        self.heap.write_attribute(owner, name, value)

    def snapshot(self, value):
        """Containers made in this call, copied as they are now (print shows now)."""
        if type(value) in (list, tuple) and (type(value) is tuple or id(value) in self.created):
            return type(value)(self.snapshot(v) for v in value)
        if type(value) is dict and id(value) in self.created:
            return {k: self.snapshot(v) for k, v in value.items()}
        return value

    def inline(self, fn, args, kwargs, code, offset):
        callee = fn.__code__
        if callee is self.code:
            raise Unsupported("the converted function calls itself (only functions it "
                              "calls may recurse)", code, offset)
        try:
            bound = inspect.signature(fn).bind(*args, **kwargs)
        except TypeError as exc:
            raise Unsupported(f"call of {fn.__qualname__} does not bind: {exc}", code, offset)
        bound.apply_defaults()
        local_values = dict(bound.arguments)
        if callee in self.tracing:
            return recursive_calls.call_again(self, callee, local_values, code, offset)
        outer = next((values for c, values in reversed(self.inline_stack) if c is callee),
                     None)
        if outer is not None and recursive_calls.recursion_over_objects(
                self, callee, local_values, outer, code, offset):
            return recursive_calls.start(self, callee, fn, local_values, outer, code, offset)
        self.inline_stack.append((callee, local_values))
        try:
            return self.execute(callee, fn.__globals__, local_values, self._cells_of(fn))
        finally:
            self.inline_stack.pop()

    def _cells_of(self, fn):
        """{free variable: (cell, accessor or None)} of a function being inlined."""
        if not fn.__closure__:
            return None
        acc = self.sources.get(id(fn))
        return {name: (cell, acc and guards.item(guards.attr(acc, "__closure__"), i))
                for i, (name, cell) in enumerate(zip(fn.__code__.co_freevars,
                                                     fn.__closure__))}

    def read_cell(self, frame, name, ins):
        cell, acc = self._cell(frame, name, ins)
        found, value = self.heap.written(cell, "cell_contents")
        if found:
            return value
        try:
            value = cell.cell_contents
        except ValueError:
            frame.fail(f"closure variable {name!r} is not bound", ins)
        return self._guard_read(guards.cell(acc), value, f"closure variable {name!r}",
                                frame.code, ins.offset, rebound=name in self.rebound)

    def write_cell(self, frame, name, value, ins):
        """`nonlocal name; name = value`: deferred like any heap write."""
        self.no_writes_in_regions(f"nonlocal write of {name!r}", frame.code, ins.offset)
        cell, _ = self._cell(frame, name, ins)
        self.heap.write_cell(cell, value)

    def _cell(self, frame, name, ins):
        entry = frame.cells.get(name)
        if entry is None:
            frame.fail(f"cell variable {name!r} of a function that makes closures", ins)
        if entry[1] is None:
            frame.fail(f"closure variable {name!r} of a function janus did not read from "
                       "a guarded place", ins)
        return entry


def has_symbolic(value):
    if type(value) in (list, tuple):
        return any(has_symbolic(v) for v in value)
    return is_symbolic(value)


def plain_property_getter_of(cls, name):
    descriptor = janus_ext.type_lookup(cls, name)
    if type(descriptor) is property and isinstance(descriptor.fget, types.FunctionType) \
            and not _from_library(descriptor.fget):
        return descriptor.fget
    return None


def _user_call(layer):
    """The Python call() a user wrote on a Keras layer subclass, else None."""
    impl = janus_ext.type_lookup(type(layer), "call")
    if isinstance(impl, types.FunctionType) and not _from_library(impl) and \
            _from_library(type(layer).__call__):
        return impl
    return None


def _is_python_data(value):
    return type(value) in guards.SPECIALISABLE or isinstance(value, tf.Tensor)


def same_item(copy, real, key):
    """This call's copy holds at `key` what the caller's container holds there (both
    read as the guard checker reads them)."""
    value = janus_ext.static_item(real, key, _NO_ITEM)
    if value is _NO_ITEM:
        if type(real) is dict and type(key) in guards.SPECIALISABLE and key in real:
            # d[1] finds the entry of True: the checker cannot read it as a key 1, and
            # reading it from the copy would go unguarded.
            raise Unsupported(f"item {guards.show(key)} is stored under an equal key of "
                              "another type")
        return False
    return janus_ext.static_item(copy, key, _NO_ITEM) is value


def _is_pure_builtin(fn):
    try:
        return fn in PURE_BUILTINS
    except TypeError:           # unhashable callables are no builtins
        return False

