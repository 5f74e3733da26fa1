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
import operator
import types

import numpy as np
import tensorflow as tf

from . import bytecode, control, guards, heap, objects, recursive_calls

LIBRARY_MODULES = ("tensorflow", "keras", "tf_keras")
# Builtins that are pure functions of their arguments: evaluated at build time.
PURE_BUILTINS = frozenset(getattr(builtins, name) for name in (
    "abs", "all", "any", "bool", "dict", "divmod", "enumerate", "float", "int",
    "isinstance", "issubclass", "len", "list", "max", "min", "pow", "range", "reversed",
    "round", "sorted", "sum", "tuple", "zip", "slice", "str", "repr", "hash", "iter",
))
# Methods of build-time containers that are safe when janus created the container.
CONTAINER_TYPES = (list, dict, set)
# Stateful random ops draw different numbers in a graph than eagerly: refusing them keeps
# results equal to JANUS_MODE=off.  Keras 3's seeded random ops are stateless and fine.
STATEFUL_RANDOM_OPS = frozenset({
    "RandomUniform", "RandomUniformInt", "RandomStandardNormal", "TruncatedNormal",
    "Multinomial", "RandomShuffle", "RandomGamma", "RandomPoisson", "RandomPoissonV2",
})
# Methods that only read a container: safe in any region.
READ_METHODS = frozenset({"get", "keys", "values", "items", "index", "count", "copy",
                          "__getitem__", "__contains__", "__len__"})
MAX_CARRIED_ITEMS = 16      # a rebound list/tuple longer than this is not read item-wise
MAX_INSTRUCTIONS = 200_000   # per build: unrolled Python loops stop here
MAX_INLINE_DEPTH = 32

BINARY_OPS = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "//": operator.floordiv, "%": operator.mod, "**": operator.pow, "@": operator.matmul,
    "&": operator.and_, "|": operator.or_, "^": operator.xor, "<<": operator.lshift,
    ">>": operator.rshift,
}
INPLACE_OPS = {
    "+=": operator.iadd, "-=": operator.isub, "*=": operator.imul, "/=": operator.itruediv,
    "//=": operator.ifloordiv, "%=": operator.imod, "**=": operator.ipow,
    "@=": operator.imatmul, "&=": operator.iand, "|=": operator.ior, "^=": operator.ixor,
    "<<=": operator.ilshift, ">>=": operator.irshift,
}
COMPARE_OPS = {"<": operator.lt, "<=": operator.le, "==": operator.eq, "!=": operator.ne,
               ">": operator.gt, ">=": operator.ge}


class Unsupported(Exception):
    """The builder cannot convert this call; the interpreter runs it instead."""

    def __init__(self, reason, code=None, offset=None):
        where = ""
        if code is not None:
            line = _line_of(code, offset)
            where = f" ({code.co_qualname} at {code.co_filename}:{line})"
        super().__init__(reason + where)
        self.reason = reason


def _line_of(code, offset):
    if offset is None:
        return code.co_firstlineno
    for start, end, line in code.co_lines():
        if start <= offset < end and line is not None:
            return line
    return code.co_firstlineno


class NeedsReference(Unsupported):
    """Recursion over objects that are specialised by identity: the named arguments must
    become object pointers (the executor rebuilds at once)."""

    def __init__(self, names, code=None, offset=None):
        super().__init__(f"recursion over the objects of {', '.join(sorted(names))}",
                         code, offset)
        self.names = names


class NotYet(Unsupported):
    """This call runs in the interpreter, and a later call builds: something the build
    needs only exists after an eager call (a profile, a Keras layer's weights)."""


class NeedsProfile(NotYet):
    """A recursive function's results are unknown until its calls were profiled."""


class Raises(Unsupported):
    """The path being built reaches a `raise`: the interpreter must run this call."""


class _Null:
    """The NULL that 3.13 pushes below a callable or after a global."""
    __slots__ = ()

    def __repr__(self):
        return "NULL"


NULL = _Null()


def is_symbolic(value) -> bool:
    return isinstance(value, tf.Tensor) and not hasattr(value, "_numpy")


def is_library_object(value) -> bool:
    """An instance of a TensorFlow/Keras class, or of a user subclass of one."""
    return any((getattr(kind, "__module__", "") or "").startswith(LIBRARY_MODULES)
               for kind in type(value).__mro__[:-1])


def _from_library(fn) -> bool:
    """True for a callable defined in TensorFlow or Keras."""
    return _module_of_callable(fn).startswith(LIBRARY_MODULES)


def _module_of_callable(fn) -> str:
    target = getattr(fn, "__func__", fn)
    module = getattr(target, "__module__", None)
    if module is None and hasattr(fn, "__self__"):
        module = type(fn.__self__).__module__
    return module or ""


class InputPlan:
    """Where the graph's inputs come from: (accessor, shape pattern) per tensor leaf."""

    def __init__(self):
        self.accessors: list[tuple] = []
        self.specs: list[tf.TensorSpec] = []
        self.is_numpy: list[bool] = []
        self.pointers: dict[int, type] = {}   # id(accessor) -> class, for object inputs
        self.numbers: dict[int, type] = {}    # id(accessor) -> int/float, number inputs


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
        self.inputs = InputPlan()
        self.sources: dict[int, tuple] = {}   # id(object) -> accessor it was read from
        self.keep_alive: list = []
        self.created: set[int] = set()        # ids of containers made during the build
        self.steps = 0
        self.depth = 0
        self.entered: list = []               # context managers to leave on failure
        self.profile = profile or {}          # the root code's branch counts
        self.relaxed = relaxed or set()       # (code, offset): never speculate again
        self.assumptions: list = []           # (assert op, (code, offset)) in order
        self.region_depth = 0                 # > 0 inside a cond arm or loop body
        self.region_serial = [0]              # serials of the open regions, innermost last
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
                   f"{_line_of(code, offset)}")
        op = tf.debugging.Assert(condition, [message])
        self.assumptions.append((op, key))

    def promote(self, tensor, python_type):
        """`tensor` stands for a Python number of `python_type` (or control.MIXED)."""
        self.promoted[id(tensor)] = python_type
        self.keep_alive.append(tensor)

    def in_region(self, run, dry=False):
        self.region_depth += 1
        self.regions_opened += 1
        self.region_serial.append(self.regions_opened)
        saved_steps = self.steps
        try:
            return run()
        finally:
            self.region_serial.pop()
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

    # -- argument planning ---------------------------------------------------------

    def plan_inputs(self):
        """Guard every argument and decide which leaves become graph inputs."""
        for index, (name, value) in enumerate(zip(self.arg_names, self.args)):
            if index >= self.param_count:
                # A closure's cell: the same cell each call (another closure over the
                # same code misses); its contents are read like any heap value.
                self.guards.require_is(guards.arg(index), value)
                self._remember(value, guards.arg(index))
                continue
            self._plan(guards.arg(index), value, name)

    def _plan(self, acc, value, where):
        if where.split("[")[0] in self.by_reference and objects.is_plain_instance(value):
            # A new object each call (a tree, or trees in a list): passed as a pointer,
            # guarded by class.
            self.guards.require_type(acc, type(value))
            self.inputs.accessors.append(acc)
            self.inputs.specs.append(tf.TensorSpec([], tf.int64))
            self.inputs.is_numpy.append(None)
            self.inputs.pointers[id(acc)] = type(value)
            self.population.add(value)
        elif type(value) in heap.VARYING_NUMBER_DTYPES and where in self.heap.varying:
            # A number argument that changed between calls (a label, a step index): a
            # graph input, carried as a promoted Python number.
            dtype = heap.VARYING_NUMBER_DTYPES[type(value)]
            self.guards.require_type(acc, type(value))
            self.inputs.accessors.append(acc)
            self.inputs.specs.append(tf.TensorSpec([], dtype))
            self.inputs.is_numpy.append(dtype)
            self.inputs.numbers[id(acc)] = type(value)
        elif isinstance(value, (tf.Tensor, np.ndarray)) and not isinstance(value, tf.Variable):
            if is_symbolic(value):
                raise Unsupported(f"argument {where} is a symbolic tensor")
            if isinstance(value, np.ndarray) and value.dtype == object:
                raise Unsupported(f"argument {where} is an object array")
            relaxed = self.relaxed_dims.get(where, set())
            pattern = tuple(None if d in relaxed else int(n)
                            for d, n in enumerate(value.shape))
            self.guards.require_tensor(acc, value, pattern)
            self.inputs.accessors.append(acc)
            self.inputs.specs.append(tf.TensorSpec(pattern, tf.as_dtype(value.dtype)))
            self.inputs.is_numpy.append(isinstance(value, np.ndarray))
        elif type(value) in (tuple, list):
            self.guards.require_type(acc, type(value))
            self.guards.require_length(acc, len(value))
            for i, element in enumerate(value):
                self._plan(guards.item(acc, i), element, f"{where}[{i}]")
        elif type(value) is dict:
            self.guards.require_keys(acc, value)
            for key, item in value.items():
                self._plan(guards.item(acc, key), item, f"{where}[{key!r}]")
        else:
            self.guards.require_value(acc, value)
            self._remember(value, acc)

    def substitute(self, flat_inputs):
        """The call's arguments with graph input tensors in place of tensor leaves."""
        replacements = dict(zip((id(a) for a in self.inputs.accessors), flat_inputs))
        return tuple(self._substitute(guards.arg(i), v, replacements)
                     for i, v in enumerate(self.args))

    def _substitute(self, acc, value, replacements):
        for plan_acc in self.inputs.accessors:
            if plan_acc == acc:
                if id(plan_acc) in self.inputs.pointers:
                    return objects.ObjectRef(replacements[id(plan_acc)],
                                             self.inputs.pointers[id(plan_acc)],
                                             self.population)
                if id(plan_acc) in self.inputs.numbers:
                    self.promote(replacements[id(plan_acc)], self.inputs.numbers[id(plan_acc)])
                return replacements[id(plan_acc)]
        if type(value) in (tuple, list):
            items = [self._substitute(guards.item(acc, i), v, replacements)
                     for i, v in enumerate(value)]
            return type(value)(items)
        if type(value) is dict:
            return {k: self._substitute(guards.item(acc, k), v, replacements)
                    for k, v in value.items()}
        return value

    def _remember(self, value, acc):
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
            raise Unsupported("inlining too deep (recursion is a later issue)", code)
        try:
            end = Frame(self, code, globals_dict, local_values, cells or {}).run_until(
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
            self.guards.require_equal(acc, value) if _hashable(value) else \
                self.guards.require_elements(acc, value)
        elif type(value) is dict and not library:
            self.guards.require_is(acc, value)
            self.lazy_contents[id(value)] = (acc, value)
        elif type(value) in (dict, set):
            raise Unsupported(f"{what} is a mutable {type(value).__name__}", code, offset)
        else:
            self.guards.require_value(acc, value)
        self._remember(value, acc)
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
        if is_symbolic(owner) and name == "shape" and not owner.shape.is_fully_defined():
            # Relaxed dimensions are read at run time, so `range(x.shape[1])` over a
            # varying length becomes a while loop instead of a rebuild per length.
            if owner.shape.rank is None:
                raise Unsupported("the rank of a tensor is unknown", code, offset)
            dynamic = tf.shape(owner)
            return tuple(d if d is not None else dynamic[i]
                         for i, d in enumerate(owner.shape.as_list()))
        if is_symbolic(owner) or isinstance(owner, tf.Variable) or id(owner) in self.created:
            return getattr(owner, name)
        if type(owner) in (list, dict, set, tuple, str):
            return getattr(owner, name)      # methods of builtin containers
        found, value = self.heap.written(owner, name)
        if found:
            return value
        library = (is_library_object(owner) or isinstance(owner, types.ModuleType)
                   and (owner.__name__ or "").startswith(LIBRARY_MODULES))
        getter = _plain_property_getter(owner, name)
        if getter is not None:
            # A property the user wrote: its getter is inlined like any function,
            # guarded on the property object the owner's class holds.
            acc = self.sources.get(id(owner))
            if acc is not None:
                self.guards.require_is(guards.attr(guards.type_of(acc), name),
                                       inspect.getattr_static(type(owner), name))
            return self.inline(getter, (owner,), {}, code, offset)
        if not library:
            self._check_plain_attribute(owner, name, code, offset)
        value = getattr(owner, name)
        acc = self.sources.get(id(owner))
        if acc is None:
            # Derived from guarded values by deterministic steps: nothing more to guard,
            # except for tensors and containers that could change under the graph.
            if type(value) is list:
                raise Unsupported(f"attribute {name!r} holds a list janus cannot guard",
                                  code, offset)
            if isinstance(value, tf.Tensor) and not isinstance(value, tf.Variable) \
                    and not is_symbolic(value):
                raise Unsupported(f"attribute {name!r} holds a tensor read from the heap",
                                  code, offset)
            return self.heap.local_view(value)
        if isinstance(value, (types.MethodType, types.BuiltinMethodType)) and library:
            return value      # methods of framework objects: the whitelist
        if isinstance(value, types.MethodType):
            # Guard the function behind the method on the owner's type.
            func_acc = guards.attr(guards.type_of(acc), name)
            self.guards.require_is(func_acc, getattr(type(owner), name))
            return value
        return self._guard_read(guards.attr(acc, name), value, f"attribute {name!r}", code,
                                offset, library, rebound=name in self.rebound)

    def _check_plain_attribute(self, owner, name, code, offset):
        owner_type = type(owner)
        if isinstance(owner, type) or isinstance(owner, types.ModuleType):
            return
        if owner_type.__getattribute__ is not object.__getattribute__ or \
                hasattr(owner_type, "__getattr__"):
            raise Unsupported(f"{owner_type.__qualname__} customises attribute access",
                              code, offset)
        descriptor = inspect.getattr_static(owner_type, name, None)
        if type(descriptor) is types.MemberDescriptorType:
            return                      # a __slots__ field: plain storage
        if descriptor is not None and hasattr(type(descriptor), "__get__") and (
                hasattr(type(descriptor), "__set__") or hasattr(type(descriptor), "__delete__")):
            raise Unsupported(f"{owner_type.__qualname__}.{name} is a property or data "
                              "descriptor, which may have side effects", code, offset)

    # -- calls -----------------------------------------------------------------------

    def call(self, fn, args, kwargs, code, offset):
        if any(a is NULL for a in args):
            raise Unsupported("call with a NULL argument", code, offset)
        if type(fn) is _WithExit:
            return fn(*args)
        if isinstance(fn, type) and issubclass(fn, BaseException) and \
                fn.__module__ == "builtins":
            return fn(*args, **kwargs)        # an exception about to be raised
        if fn is print:
            self.no_writes_in_regions("print", code, offset)
            self.heap.call_with_effect(print, self.snapshot(args), self.snapshot(kwargs))
            return None
        if fn in (float, int) and len(args) == 1 and not kwargs and is_symbolic(args[0]):
            value = args[0]
            if value.shape.num_elements() != 1:
                raise Unsupported(f"{fn.__name__}() of a tensor of shape {value.shape}",
                                  code, offset)
            dtype = tf.float64 if fn is float else tf.int64
            result = tf.cast(tf.reshape(value, ()), dtype)
            self.promote(result, fn)
            return result
        if fn is range and any(is_symbolic(a) for a in args):
            return control.SymbolicRange(args)
        if fn is tf.constant and args and _has_symbolic(args[0]):
            # tf.constant([node.word]) with a word read at run time: the same tensor,
            # packed in the graph, with eager's dtype for Python numbers.
            return self._pack_constant(args[0], kwargs.get("dtype", args[1] if len(args) > 1
                                                          else None), code, offset)
        for value in (*args, *kwargs.values()):
            self.contents_used(value)
        if _is_pure_builtin(fn):
            if any(is_symbolic(a) for a in (*args, *kwargs.values())) and \
                    fn not in (isinstance, len, tuple, list, zip, enumerate):
                raise Unsupported(f"{fn.__name__}() of a tensor", code, offset)
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
            result = fn(*args, **kwargs)
            self._note_fresh(result)        # fresh lists, e.g. tape.gradient's
            return result
        call_impl = getattr(type(fn), "__call__", None)
        if isinstance(call_impl, types.FunctionType) and not _from_library(call_impl):
            # An instance of a user class with __call__: inline it, guarded on the class.
            acc = self.sources.get(id(fn))
            if acc is not None:
                self.guards.require_is(guards.attr(guards.type_of(acc), "__call__"),
                                       call_impl)
            return self.inline(call_impl, (fn, *args), kwargs, code, offset)
        raise Unsupported(f"call of {fn!r} is not known to janus (not a TensorFlow/Keras "
                          "function, a pure builtin, or a Python function)", code, offset)

    def _pack_constant(self, value, dtype, code, offset):
        if type(value) in (list, tuple):
            return tf.stack([self._pack_constant(v, dtype, code, offset) for v in value])
        if not is_symbolic(value):
            return tf.constant(value, dtype)
        python_type = self.promoted.get(id(value))
        if python_type == control.MIXED:
            raise Unsupported(f"tf.constant of {control.MIXED}", code, offset)
        if dtype is None:
            dtype = {int: tf.int32, float: tf.float32, bool: tf.bool}.get(python_type)
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
            self.guards.require_is(guards.attr(guards.type_of(acc), "call"), impl)
        if "call" in vars(layer):
            raise Unsupported(f"{type(layer).__qualname__} instance has its own `call` "
                              "attribute", code, offset)

        def through_builder(*call_args, **call_kwargs):
            return self.inline(impl, (layer, *call_args), call_kwargs, code, offset)

        object.__setattr__(layer, "call", through_builder)
        try:
            result = layer(*args, **kwargs)
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
                and args and _same_item(container, real, args[0]):
            # The value comes from the caller's dict: guard it (or read it at call time)
            # like any item read, then let the method do the rest.
            key = args[0]
            value = self._guard_read(guards.item(acc, key), real[key], f"item {key!r}",
                                     code, offset)
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

    def write_attribute(self, owner, name, value, code, offset):
        self.no_writes_in_regions(f"attribute write .{name}", code, offset)
        if id(owner) not in self.sources and id(owner) not in self.heap.real_of:
            raise Unsupported(f"attribute write .{name} to an object janus did not read "
                              "from a guarded place", code, offset)
        if not heap.is_plain_object(owner) or is_library_object(owner):
            raise Unsupported(f"attribute write .{name} to a "
                              f"{type(owner).__qualname__}, which customises attribute "
                              "access or belongs to a library", code, offset)
        descriptor = inspect.getattr_static(type(owner), name, None)
        if descriptor is not None and hasattr(type(descriptor), "__set__"):
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

    def check_graph(self, graph):
        for op in graph.get_operations():
            if op.type in STATEFUL_RANDOM_OPS:
                raise Unsupported(f"stateful random op {op.type} ({op.name}) would draw "
                                  "other numbers in a graph than eagerly", self.code)


def _has_symbolic(value):
    if type(value) in (list, tuple):
        return any(_has_symbolic(v) for v in value)
    return is_symbolic(value)


def plain_property_getter_of(cls, name):
    descriptor = inspect.getattr_static(cls, name, None)
    if type(descriptor) is property and isinstance(descriptor.fget, types.FunctionType) \
            and not _from_library(descriptor.fget):
        return descriptor.fget
    return None


def _plain_property_getter(owner, name):
    if isinstance(owner, (type, types.ModuleType)):
        return None
    descriptor = inspect.getattr_static(type(owner), name, None)
    if type(descriptor) is property and isinstance(descriptor.fget, types.FunctionType) \
            and not _from_library(descriptor.fget):
        return descriptor.fget
    return None


def _user_call(layer):
    """The Python call() a user wrote on a Keras layer subclass, else None."""
    impl = getattr(type(layer), "call", None)
    if isinstance(impl, types.FunctionType) and not _from_library(impl) and \
            _from_library(type(layer).__call__):
        return impl
    return None


def _is_python_data(value):
    return type(value) in guards.SPECIALISABLE or isinstance(value, tf.Tensor)


def _same_item(copy, real, key):
    try:
        return copy[key] is real[key]
    except (LookupError, TypeError):
        return False


def _is_pure_builtin(fn):
    try:
        return fn in PURE_BUILTINS
    except TypeError:           # unhashable callables are no builtins
        return False


def _hashable(value):
    try:
        hash(value)
        return True
    except TypeError:
        return False


class Frame:
    """One function activation being executed symbolically."""

    def __init__(self, builder, code, globals_dict, local_values, cells):
        self.b = builder
        self.code = code
        self.globals = globals_dict
        self.locals = local_values
        self.cells = cells          # free variable -> (cell, accessor)
        self.stack: list = []
        self.instructions = {i.offset: i for i in bytecode.decode(code)}
        self.kwnames = None

    def fork(self):
        """A copy of this activation for one arm of a cond or one loop body."""
        other = Frame.__new__(Frame)
        other.b, other.code, other.globals = self.b, self.code, self.globals
        other.instructions, other.kwnames = self.instructions, None
        other.cells = self.cells
        other.locals, other.stack = dict(self.locals), list(self.stack)
        return other

    def run_until(self, offset, stop):
        """Execute from `offset` until a return, or until reaching an offset in `stop`."""
        while True:
            if offset in stop:
                return End(False, None, self.locals, self.stack, offset)
            self.b.steps += 1
            if self.b.steps > MAX_INSTRUCTIONS:
                raise Unsupported("too many instructions to unroll", self.code, offset)
            ins = self.instructions.get(offset)
            if ins is None:
                raise Unsupported(f"no instruction at offset {offset}", self.code, offset)
            handler = getattr(self, "op_" + ins.opname, None)
            if handler is None:
                raise Unsupported(f"instruction {ins.opname} is not converted yet",
                                  self.code, ins.offset)
            outcome = handler(ins)
            if outcome is None:
                offset = ins.next_offset
            elif type(outcome) is _Return:
                return End(True, outcome.value, self.locals, self.stack, None)
            else:
                offset = outcome

    def returning(self, value):
        return _Return(value)

    # stack helpers
    def push(self, value):
        self.stack.append(value)

    def pop(self):
        return self.stack.pop()

    def popn(self, n):
        if n == 0:
            return []
        values = self.stack[-n:]
        del self.stack[-n:]
        return values

    def fail(self, reason, ins):
        raise Unsupported(reason, self.code, ins.offset)

    # -- no-ops and constants --------------------------------------------------------
    def op_RESUME(self, ins): pass
    def op_NOP(self, ins): pass
    def op_CACHE(self, ins): pass
    def op_COPY_FREE_VARS(self, ins): pass

    def op_LOAD_CONST(self, ins):
        self.push(ins.argval)

    def op_RETURN_VALUE(self, ins):
        return _Return(self.pop())

    def op_RETURN_CONST(self, ins):
        return _Return(ins.argval)

    def op_PUSH_NULL(self, ins):
        self.push(NULL)

    def op_POP_TOP(self, ins):
        self.pop()

    def op_COPY(self, ins):
        self.push(self.stack[-ins.arg])

    def op_SWAP(self, ins):
        self.stack[-1], self.stack[-ins.arg] = self.stack[-ins.arg], self.stack[-1]

    # -- locals ----------------------------------------------------------------------
    def _load(self, name, ins):
        if name not in self.locals:
            self.fail(f"local {name!r} is unbound here", ins)
        return self.locals[name]

    def op_LOAD_FAST(self, ins):
        self.push(self._load(ins.argval, ins))

    op_LOAD_FAST_CHECK = op_LOAD_FAST

    def op_LOAD_FAST_LOAD_FAST(self, ins):
        first, second = ins.argval
        self.push(self._load(first, ins))
        self.push(self._load(second, ins))

    def op_LOAD_FAST_AND_CLEAR(self, ins):
        self.push(self.locals.pop(ins.argval, NULL))

    def op_STORE_FAST(self, ins):
        value = self.pop()
        if value is NULL:
            self.locals.pop(ins.argval, None)
        else:
            self.locals[ins.argval] = value

    def op_STORE_FAST_STORE_FAST(self, ins):
        first, second = ins.argval
        self.locals[first] = self.pop()
        self.locals[second] = self.pop()

    def op_STORE_FAST_LOAD_FAST(self, ins):
        store, load = ins.argval
        self.locals[store] = self.pop()
        self.push(self._load(load, ins))

    def op_DELETE_FAST(self, ins):
        self.locals.pop(ins.argval, None)

    # -- globals and attributes ------------------------------------------------------
    def op_LOAD_DEREF(self, ins):
        self.push(self.b.read_cell(self, ins.argval, ins))

    def op_STORE_DEREF(self, ins):
        self.b.write_cell(self, ins.argval, self.pop(), ins)

    def op_LOAD_GLOBAL(self, ins):
        self.push(self.b.read_global(self.globals, ins.argval, self.code, ins.offset))
        if ins.arg & 1:
            self.push(NULL)

    def op_LOAD_ATTR(self, ins):
        owner = self.pop()
        value = self.b.load_attr(owner, ins.argval, self.code, ins.offset)
        self.push(value)
        if ins.arg & 1:            # method form: (callable, self-or-NULL)
            self.push(NULL)

    def op_STORE_ATTR(self, ins):
        owner, value = self.pop(), self.pop()
        self.b.write_attribute(owner, ins.argval, value, self.code, ins.offset)

    def op_STORE_GLOBAL(self, ins):
        self.b.no_writes_in_regions(f"global write {ins.argval}", self.code, ins.offset)
        self.b.heap.write_global(self.globals, ins.argval, self.pop())

    def op_STORE_SUBSCR(self, ins):
        key, container, value = self.pop(), self.pop(), self.pop()
        self._item_write(container, "__setitem__", (key, value), ins)

    def op_DELETE_SUBSCR(self, ins):
        key, container = self.pop(), self.pop()
        self._item_write(container, "__delitem__", (key,), ins)

    def _item_write(self, container, method, args, ins):
        if self.b.may_mutate(container) and id(container) not in self.b.heap.real_of:
            getattr(container, method)(*args)
        elif type(container) in (list, dict) and (
                id(container) in self.b.heap.real_of or id(container) in self.b.sources):
            self.b.heap_method(container, method, args, {}, self.code, ins.offset)
        else:
            self.fail("item write to a container janus cannot track", ins)

    # -- calls -----------------------------------------------------------------------
    def _call(self, ins, nargs, kwnames):
        args = self.popn(nargs)
        self_or_null = self.pop()
        fn = self.pop()
        if self_or_null is not NULL:
            args = [self_or_null, *args]
        kwargs = {}
        if kwnames:
            kwargs = dict(zip(kwnames, args[len(args) - len(kwnames):]))
            args = args[:len(args) - len(kwnames)]
        self.push(self.b.call(fn, tuple(args), kwargs, self.code, ins.offset))

    def op_CALL(self, ins):
        self._call(ins, ins.arg, None)

    def op_CALL_KW(self, ins):
        kwnames = self.pop()
        self._call(ins, ins.arg, kwnames)

    def op_CALL_FUNCTION_EX(self, ins):
        kwargs = self.pop() if ins.arg & 1 else {}
        args = self.pop()
        self.pop()                  # NULL
        fn = self.pop()
        self.push(self.b.call(fn, tuple(args), dict(kwargs), self.code, ins.offset))

    def op_CALL_INTRINSIC_1(self, ins):
        value = self.pop()
        if ins.argval == "INTRINSIC_LIST_TO_TUPLE":
            self.push(tuple(value))
        elif ins.argval == "INTRINSIC_UNARY_POSITIVE":
            self.push(+value)
        else:
            self.fail(f"CALL_INTRINSIC_1 {ins.argval}", ins)

    # -- context managers ------------------------------------------------------------
    def op_BEFORE_WITH(self, ins):
        manager = self.pop()
        if not is_library_object(manager):
            self._enter_user_context(manager, ins)
            return
        exit_fn = type(manager).__exit__.__get__(manager)
        enter = type(manager).__enter__
        # janus/hot.py wraps GradientTape.__enter__ to find training steps; the builder
        # enters the tape of the graph it builds, which is no training step.
        result = getattr(enter, "__wrapped__", enter)(manager)
        self.b.entered.append(exit_fn)
        self.push(_WithExit(self.b, exit_fn))
        self.push(result)

    def _enter_user_context(self, manager, ins):
        """A context manager written in Python: __enter__ and __exit__ are inlined, so
        their effects are converted (or refused) like any other code."""
        kind = type(manager)
        enter, exit_ = getattr(kind, "__enter__", None), getattr(kind, "__exit__", None)
        if not (isinstance(enter, types.FunctionType) and isinstance(exit_, types.FunctionType)):
            self.fail(f"`with` on {kind.__qualname__}, whose __enter__/__exit__ are not "
                      "Python functions", ins)
        acc = self.b.sources.get(id(manager))
        if acc is not None:
            for name, fn in (("__enter__", enter), ("__exit__", exit_)):
                self.b.guards.require_is(guards.attr(guards.type_of(acc), name), fn)
        result = self.b.inline(enter, (manager,), {}, self.code, ins.offset)

        def exit_fn(*exc_info):
            return self.b.inline(exit_, (manager, *exc_info), {}, self.code, ins.offset)

        # Not in builder.entered: the inlined __enter__ changed nothing real, so a
        # failed build has nothing to undo.
        self.push(_WithExit(self.b, exit_fn, inlined=True))
        self.push(result)

    # -- operators -------------------------------------------------------------------
    def op_BINARY_OP(self, ins):
        right, left = self.pop(), self.pop()
        symbol = ins.argval
        if symbol in INPLACE_OPS:
            if isinstance(left, CONTAINER_TYPES) and not self.b.may_mutate(left):
                self.fail(f"in-place {symbol} on a {type(left).__name__} from outside", ins)
            self.push(self._numeric(INPLACE_OPS[symbol], left, right, symbol))
        else:
            self.push(self._numeric(BINARY_OPS[symbol], left, right, symbol))

    def op_COMPARE_OP(self, ins):
        right, left = self.pop(), self.pop()
        comparison, to_bool = ins.argval
        result = self._numeric(COMPARE_OPS[comparison], left, right, comparison)
        if to_bool:
            result = self._truth(result, ins)
        self.push(result)

    def _numeric(self, operation, left, right, symbol):
        """An operator with Python's rules for numbers the graph carries as tensors:
        such a number meeting a tensor takes the tensor's dtype, as a Python number
        would in eager TF; meeting another number it stays a Python number."""
        promoted = self.b.promoted
        kinds = [promoted.get(id(v)) if is_symbolic(v) else
                 (type(v) if type(v) in control.PYTHON_NUMBERS else None)
                 for v in (left, right)]
        if not any(is_symbolic(v) and promoted.get(id(v)) in control.PYTHON_NUMBERS
                   for v in (left, right)):
            return operation(left, right)
        if kinds[0] is None or kinds[1] is None:      # one side is a real tensor
            real = right if kinds[0] is not None else left
            dtype = real.dtype.base_dtype
            cast = [tf.cast(v, dtype) if v is not real and is_symbolic(v) else v
                    for v in (left, right)]
            return operation(*cast)
        if control.MIXED in kinds:
            return operation(left, right)
        if symbol in COMPARE_OPS:
            python_type = bool
        elif symbol.rstrip("=") == "/" or float in kinds:
            python_type = float
        else:
            python_type = int
        dtype = tf.float64 if python_type is float else tf.int64
        cast = [tf.cast(v, dtype) if is_symbolic(v) else v for v in (left, right)]
        result = operation(*cast)
        self.b.promote(result, python_type)
        return result

    def op_IS_OP(self, ins):
        right, left = self.pop(), self.pop()
        if type(left) is objects.ObjectRef or type(right) is objects.ObjectRef:
            same = self._same_object(left, right, ins)
            self.push(tf.logical_not(same) if ins.arg else same)
            return
        self.push((left is not right) if ins.arg else (left is right))

    def _same_object(self, left, right, ins):
        pointers = [v.pointer if type(v) is objects.ObjectRef else
                    tf.constant(0, tf.int64) if v is None else NULL for v in (left, right)]
        if any(p is NULL for p in pointers):
            self.fail("`is` between an object pointer and a build-time object", ins)
        return tf.equal(*pointers)

    def op_CONTAINS_OP(self, ins):
        right, left = self.pop(), self.pop()
        if is_symbolic(right) or is_symbolic(left):
            self.fail("`in` on a tensor", ins)
        self.b.contents_used(right)
        self.push((left not in right) if ins.arg else (left in right))

    def op_UNARY_NEGATIVE(self, ins):
        self.push(-self.pop())

    def op_UNARY_INVERT(self, ins):
        self.push(~self.pop())

    def op_UNARY_NOT(self, ins):
        truth = self._truth(self.pop(), ins)
        self.push(tf.logical_not(truth) if is_symbolic(truth) else not truth)

    def _truth(self, value, ins):
        """A Python bool, or a scalar bool tensor for a decision the graph makes."""
        if is_symbolic(value) or isinstance(value, tf.Variable):
            return control.scalar_condition(self, value, ins)
        if isinstance(value, np.ndarray):
            self.fail("truth value of an ndarray", ins)
        if type(value) is objects.ObjectRef:
            if not objects.truth_is_identity(value.cls):
                self.fail(f"truth value of a {value.cls.__qualname__} pointer", ins)
            return tf.not_equal(value.pointer, 0)
        return bool(value)

    def _jump(self, ins, jump_if):
        condition = self._truth(self.pop(), ins)
        if is_symbolic(condition):
            return control.decide(self, ins, condition, jump_if)
        return ins.jump_target if condition == jump_if else None

    def op_TO_BOOL(self, ins):
        self.push(self._truth(self.pop(), ins))

    # -- containers ------------------------------------------------------------------
    def _created(self, value):
        return self.b.note_created(value)

    def op_BUILD_TUPLE(self, ins):
        self.push(tuple(self.popn(ins.arg)))

    def op_BUILD_LIST(self, ins):
        self.push(self._created(list(self.popn(ins.arg))))

    def op_BUILD_SET(self, ins):
        self.push(self._created(set(self.popn(ins.arg))))

    def op_BUILD_MAP(self, ins):
        items = self.popn(2 * ins.arg)
        self.push(self._created(dict(zip(items[::2], items[1::2]))))

    def op_BUILD_CONST_KEY_MAP(self, ins):
        keys = self.pop()
        self.push(self._created(dict(zip(keys, self.popn(ins.arg)))))

    def op_BUILD_SLICE(self, ins):
        self.push(slice(*self.popn(ins.arg)))

    def op_LIST_APPEND(self, ins):
        value = self.pop()
        self.stack[-ins.arg].append(value)

    def op_LIST_EXTEND(self, ins):
        value = self.pop()
        self.stack[-ins.arg].extend(value)

    def op_SET_ADD(self, ins):
        value = self.pop()
        self.stack[-ins.arg].add(value)

    def op_MAP_ADD(self, ins):
        value, key = self.pop(), self.pop()
        self.stack[-ins.arg][key] = value

    def op_DICT_UPDATE(self, ins):
        value = self.pop()
        self.stack[-ins.arg].update(value)

    def op_BINARY_SUBSCR(self, ins):
        key, container = self.pop(), self.pop()
        real = self.b.heap.real_of.get(id(container))
        if real is not None and id(real) in self.b.sources and _same_item(container, real, key):
            # This call's copy still holds what the caller's container holds there:
            # a read of the heap, guarded on the caller's container.
            container = real
        if isinstance(container, (dict, list)) and id(container) not in self.b.created:
            acc = self.b.sources.get(id(container))
            if acc is None:
                self.fail("item read from a container janus cannot guard", ins)
            value = container[key]
            self.push(self.b._guard_read(guards.item(acc, key), value, f"item {key!r}",
                                         self.code, ins.offset))
        else:
            self.push(container[key])

    def op_BINARY_SLICE(self, ins):
        stop, start, container = self.pop(), self.pop(), self.pop()
        self.b.contents_used(container)
        self.push(container[start:stop])

    def op_UNPACK_SEQUENCE(self, ins):
        value = self.pop()
        self.b.contents_used(value)
        if is_symbolic(value):
            self.fail("unpacking a tensor", ins)
        items = list(value)
        if len(items) != ins.arg:
            self.fail("unpacking a sequence of the wrong length", ins)
        self.stack.extend(reversed(items))

    def op_FORMAT_SIMPLE(self, ins):
        value = self.pop()
        if is_symbolic(value):
            self.fail("formatting a tensor", ins)
        self.push(format(value))

    def op_BUILD_STRING(self, ins):
        self.push("".join(self.popn(ins.arg)))

    # -- iteration (over build-time Python values: unrolled) --------------------------
    def op_GET_ITER(self, ins):
        value = self.pop()
        self.b.contents_used(value)
        acc = self.b.sources.get(id(value))
        if acc is not None and type(value) in (list, tuple):
            # The contents are guarded now; each item is reachable through its index.
            for index, item in enumerate(value):
                if id(item) not in self.b.sources:
                    self.b._remember(item, guards.item(acc, index))
        if is_symbolic(value) or isinstance(value, tf.Variable):
            self.fail("iterating over a tensor", ins)
        self.push(value if type(value) is control.SymbolicRange else iter(value))

    def op_FOR_ITER(self, ins):
        if type(self.stack[-1]) is control.SymbolicRange:
            return control.for_range(self, ins, self.stack[-1])
        try:
            self.push(next(self.stack[-1]))
        except StopIteration:
            self.pop()
            return bytecode.for_iter_exit(self.instructions, ins)
        return None

    def op_END_FOR(self, ins):
        self.pop()

    # -- jumps -----------------------------------------------------------------------
    def op_JUMP_FORWARD(self, ins):
        return ins.jump_target

    op_JUMP_BACKWARD = op_JUMP_FORWARD
    op_JUMP_BACKWARD_NO_INTERRUPT = op_JUMP_FORWARD

    def op_POP_JUMP_IF_TRUE(self, ins):
        return self._jump(ins, True)

    def op_POP_JUMP_IF_FALSE(self, ins):
        return self._jump(ins, False)

    def op_POP_JUMP_IF_NONE(self, ins):
        value = self.pop()
        if type(value) is objects.ObjectRef:
            return control.decide(self, ins, objects.is_none(value), True)
        return ins.jump_target if value is None else None

    def op_POP_JUMP_IF_NOT_NONE(self, ins):
        value = self.pop()
        if type(value) is objects.ObjectRef:
            return control.decide(self, ins, objects.is_none(value), False)
        return ins.jump_target if value is not None else None

    def op_RAISE_VARARGS(self, ins):
        raise Raises("this call reaches a `raise`", self.code, ins.offset)

    def op_LOAD_ASSERTION_ERROR(self, ins):
        self.push(AssertionError)


class End:
    """How a frame stopped: returned a value, or reached a stop offset."""
    __slots__ = ("returned", "value", "locals", "stack", "offset")

    def __init__(self, returned, value, locals_, stack, offset):
        self.returned, self.value, self.offset = returned, value, offset
        self.locals, self.stack = locals_, stack


class _Return:
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


class _WithExit:
    """The __exit__ that BEFORE_WITH pushes; called by the with-block's normal exit."""
    __slots__ = ("builder", "exit_fn", "inlined")

    def __init__(self, builder, exit_fn, inlined=False):
        self.builder, self.exit_fn, self.inlined = builder, exit_fn, inlined

    def __call__(self, *exc_info):
        if not self.inlined:
            self.builder.entered.remove(self.exit_fn)
        return self.exit_fn(*exc_info)

