"""Code object + one call's arguments → the call run symbolically in the graph being
traced, with the guards, inputs and effects it needs (build/concrete.py makes the
concrete function and the Built record).

The builder executes the function's bytecode symbolically (it never re-runs the user's
Python under tf.function tracing).  Values on its stack are either Python objects known
at build time, or symbolic tensors of the graph being built:

- tensor and ndarray arguments become graph inputs; everything else an argument holds is
  specialised and guarded (janus/guards.py);
- globals, attributes and items read at build time are guarded where they come from;
- calls of TensorFlow / Keras functions, layers, losses, optimizers and GradientTape run
  with the symbolic values and so add their ops to the graph (the paper's whitelist), as
  do the pure builtins; other Python functions are inlined by executing their bytecode
  (build/calls.py holds the rules, in order);
- anything else raises Unsupported, with the place and the reason, and the executor
  leaves that call to the interpreter.
"""

import array
import inspect
import sys
import types
import weakref

import numpy as np
import tensorflow as tf
from tensorflow.python.framework.ops import EagerTensor

import janus_ext

from .. import containers, guards, messages
from ..errors import BuildRaised, NeedsIdentity, Raises, Thrown, Unsupported
from ..frontend import bytecode
from ..semantics import arrays, natives, numbers
from ..state import (attribute_reads, collection_reads, heap, identity_reads, inputs,
                     library_state, objects, provenance, reads)
from ..values import (CONTAINER_TYPES, NULL, GraphText, from_library, has_symbolic,
                      is_library_object, is_symbolic)
from . import arm_tapes, build_state, calls, control, frame, generators, made, recursive_calls

MAX_INLINE_DEPTH = 32
# Each branch on a tensor runs both its arms twice (dry, then for real), and an arm that
# meets the other only at the end of the code (a `break` on a tensor in an unrolled
# loop) holds every later branch: n such branches nested would be 2**n runs.  Deeper
# nesting than this, or more arms and bodies in all, and the code stays interpreted.
MAX_NESTED_ARMS = 8
MAX_REGIONS = 4096


# Attributes a graph tensor answers and the eager tensor it stands for answers otherwise
# (or not at all).
GRAPH_TENSOR_ONLY = frozenset({"name", "op", "graph", "consumers", "value_index",
                               "device", "backing_device"})

class Builder:
    """Symbolically executes one call; see the module docstring."""

    def __init__(self, code, globals_dict, arg_names, args, plan, profile=None,
                 call_args=None, free_count=0):
        self.code = code
        self.where = (code, 0)                # the instruction being built, for messages
        self.plan = plan                      # what earlier builds learned (plan.py)
        self.target = build_state.Target(globals_dict, arg_names, args, free_count, profile,
                                         call_args)
        self.guards = guards.GuardSet()
        self.inputs = inputs.InputPlan(self)
        # Where each value the build holds came from (state/provenance.py).  The groups
        # below say what the build did with a value (handed it to library code, inlined
        # it, reads it at call time), not where it came from.
        self.provenance = provenance.Provenance()
        self.heap = heap.Heap(self, frozenset(plan.varying))
        self.open_regions = build_state.OpenRegions()
        self.arm_tapes = arm_tapes.ArmTapes(plan)   # tapes and branches on tensors
        self.inlining = build_state.Inlining()
        self.recursion = build_state.Recursion(objects.Population())
        self.record = build_state.Record()
        # ids of the element-shape lists of TensorArrays the call made with no full shape
        # (eager_answers.after_call; the provenance keeps them alive).
        self.unshaped_arrays: set[int] = set()
        self._cfg_regions: dict = {}          # code -> control.Regions

    def release(self):
        """The build is over (concrete.build took what the graph needs): drop the
        builder's hold on the program's values.  Its parts point back at it, and a
        cycle is freed only by the cyclic collector, later than eager frees the
        program's objects (docs/soundness.md#object-lifetime)."""
        self.inputs.b = None
        self.heap.b = None
        self.target.args = ()
        self.recursion.population = None

    # -- control flow (janus/build/control.py) -------------------------------------------

    def cfg_regions(self, code):
        """The CFG's regions of `code` (control.Regions), computed once per build."""
        if code not in self._cfg_regions:
            self._cfg_regions[code] = control.Regions(code)
        return self._cfg_regions[code]

    def profiled_direction(self, code, offset):
        """True/False when the profile saw this branch go only one way, else None."""
        if code is not self.code:
            return None                      # inlined callees are not profiled
        counts = self.target.profile.get("branches", {}).get(offset)
        if not counts or (counts["taken"] and counts["not_taken"]):
            return None
        return bool(counts["taken"])

    def profiled_trips(self, code, header):
        """The one trip count every profiled run of the loop at `header` had, or None."""
        if code is not self.code or not self.target.profile:
            return None
        counts = self.target.profile.get("loops", {}).get(header)
        if not counts or len(counts) != 1:
            return None
        trips, = counts
        return trips if type(trips) is int else None

    def assume(self, condition, key, raises=False):
        """An in-graph assertion that `condition` holds; failing it means fallback.  With
        `raises`, failing it means the call reaches a `raise`: the interpreter runs it,
        and the graph stays for the calls that do not."""
        index = len(self.record.assumptions)
        if raises:
            self.record.raising_assumptions.add(index)
        code, offset = key
        op = tf.debugging.Assert(condition, [messages.assumption(index, code, offset)])
        self.record.assumptions.append((op, key))

    def check(self, condition, reason):
        """An in-graph check that an operation on Python numbers gives Python's result
        (numbers.py).  Failing it sends the call to the interpreter; the graph stays."""
        static = tf.get_static_value(condition)
        if static is not None:
            if bool(static):
                return
            raise Raises(f"{reason} (known when building)", *self.where)
        message = messages.number_check(self.record.number_checks, reason, *self.where)
        self.record.number_checks += 1
        # Gated with the other checks by atomic.gate, which finds every Assert.
        self.record.number_check_ops.add(tf.debugging.Assert(condition, [message]))

    def promote(self, tensor, python_type):
        """`tensor` stands for a Python number of `python_type` (or control.MIXED)."""
        self.provenance.note_number(tensor, python_type)

    def promoted(self, tensor, python_type):
        self.promote(tensor, python_type)
        return tensor

    def in_region(self, run, dry=False, arm=False):
        """Run a cond arm (`arm`) or a loop/recursive body, dry on a scratch graph or
        for real."""
        self.open_regions.depth += 1
        self.open_regions.opened += 1
        if self.open_regions.opened > MAX_REGIONS or arm and \
                self.open_regions.kinds.count("arm") >= MAX_NESTED_ARMS:
            self.open_regions.depth -= 1
            raise Unsupported(f"more than {MAX_NESTED_ARMS} branches on tensors inside one "
                              f"another, or {MAX_REGIONS} in all (as in a loop each of whose "
                              "iterations may `break` on a tensor): too many to build",
                              self.code)
        self.open_regions.serial.append(self.open_regions.opened)
        self.open_regions.kinds.append("arm" if arm else "body")
        self.open_regions.graphs.append(tf.compat.v1.get_default_graph())
        saved_steps, handled = self.inlining.steps, self.inlining.handled
        try:
            return run()
        finally:
            self.inlining.handled = handled    # an arm that returns from a handler left it
            self.open_regions.serial.pop()
            self.open_regions.kinds.pop()
            self.open_regions.graphs.pop()
            self.open_regions.depth -= 1
            if dry:
                self.inlining.steps = saved_steps

    def in_library_body(self):
        """Library code traces a function body of its own around the code being built
        (tf.map_fn's and tf.scan's loops, a tf.cond or tf.while_loop the program hands
        functions to): eager runs that code once per element or only for the branch
        taken, the graph traces it once."""
        graphs = self.open_regions.graphs
        return bool(graphs) and tf.compat.v1.get_default_graph() is not graphs[-1]

    def in_loop_body(self):
        """Inside the body of a loop on a tensor (or a recursive body), at any depth."""
        return any(kind != "arm" for kind in self.open_regions.kinds)

    def innermost_region(self):
        """The serial of the cond arm or loop body being built, None outside any."""
        return self.open_regions.serial[-1] if self.open_regions.serial else None

    def may_mutate(self, container):
        serial = self.provenance.region_of(container)
        return serial is not None and serial >= self.open_regions.serial[-1]

    def note_fresh(self, value, depth=0):
        """A container library code returned, new unless someone else holds it: the
        caller's variable and this frame hold it (and its container, inside one).  One
        it handed back from the program (AutoGraph's `ag__.ld(d)`) stays the program's."""
        if type(value) in CONTAINER_TYPES or type(value) is tuple:
            if sys.getrefcount(value) > (3 if depth == 0 else 4):
                return
            if type(value) is not tuple:
                self.note_created(value)
            if depth < 4:
                for item in (value.values() if type(value) is dict else value):
                    self.note_fresh(item, depth + 1)

    def note_made(self, instance):
        """An instance of a Python class this call made (janus/state/reads.py: its own
        attributes are the build's, what its class holds is guarded)."""
        self.provenance.note_made(instance, provenance.INSTANCE, self.open_regions.serial[-1])
        return instance

    def holds_read_items(self, c) -> bool:
        """Made here, an argument's planned copy, or a carried list's stand-in."""
        return self.provenance.is_created(c) or self.provenance.holds_callers_items(c)

    def operator_result(self, result, operands):
        """What an operator made of Python values: a new str or number (fresh at every
        call), or a new list, dict or set (`[0.0] * n`, `a + b`, `d | e`, `s - t`: the
        call's own)."""
        if type(result) in (list, dict, set, frozenset) and \
                not any(result is o for o in operands):
            return self.note_created(result)
        return self.provenance.note_computed(result, operands)

    def note_library_call(self, fn, args, kwargs):
        """Library code `fn` runs now, natively, reading what it reaches from `fn`,
        `args` and `kwargs` as the caller's heap has it: the containers this call has
        changed so far (on its copies) it would read as they were."""
        library_state.note(self.record.library_objects, self.record.library_arguments,
                           self.record.library_scanned, fn, args, kwargs)
        self.record.effects_before_library = len(self.heap.effects)

    def note_created(self, container):
        self.provenance.note_made(container, provenance.CONTAINER, self.open_regions.serial[-1])
        return container

    # -- argument planning (janus/state/inputs.py) -----------------------------------------

    def plan_inputs(self):
        self.inputs.plan(self.target.arg_names, self.target.args, self.target.param_count)

    def substitute(self, flat_inputs):
        return self.inputs.substitute(self.target.args, flat_inputs)

    def remember(self, value, acc):
        if type(value) not in guards.SPECIALISABLE:
            self.provenance.note_read(value, acc)
        elif identity_reads.identity_shows(value):
            self.provenance.note_read_by_value(value, acc)

    # -- running ---------------------------------------------------------------------

    def run(self, args):
        self.open_regions.graphs = [tf.compat.v1.get_default_graph()]
        try:
            count = self.target.param_count
            cells = {name: (cell, guards.arg(count + i))
                     for i, (name, cell) in enumerate(zip(self.target.arg_names[count:],
                                                          args[count:]))}
            result = self.execute(self.code, self.target.globals,
                                  dict(zip(self.target.arg_names[:count], args[:count])),
                                  cells)
            generators.check_finished(self)
            return result
        except Unsupported:
            self._leave_contexts()
            raise
        except Exception as exc:  # a TF or Python error while building: not convertible
            self._leave_contexts()
            raise BuildRaised(f"building raised {type(exc).__name__}: {exc}",
                              self.code) from exc
        finally:
            self.heap.restore_library_writes()

    def _leave_contexts(self):
        while self.inlining.entered:
            exit_fn = self.inlining.entered.pop()
            try:
                exit_fn(None, None, None)
            except Exception:
                pass

    def execute(self, code, globals_dict, local_values, cells=None):
        if code.co_flags & bytecode.GENERATOR_FLAGS:
            raise Unsupported("generators and coroutines are left to the interpreter", code)
        if code.co_freevars and cells is None:
            raise Unsupported("a closure whose cells janus cannot reach", code)
        self.inlining.note_stores(code)
        self.inlining.note_constants(code)
        self.inlining.depth += 1
        if self.inlining.depth > MAX_INLINE_DEPTH:
            raise Unsupported("inlining too deep (recursion over build-time constants is "
                              "unrolled; over objects it becomes a recursive graph)", code)
        try:
            end = frame.Frame(self, code, globals_dict, local_values, cells or {}).run_until(
                0, frozenset())
            return end.value
        finally:
            self.inlining.depth -= 1

    # -- reading the outside world ---------------------------------------------------

    def super_attr(self, global_super, cls, owner, name, code, offset):
        if global_super is not super:
            raise Unsupported("super() where the name super is not the builtin", code,
                              offset)
        if owner is NULL or cls is NULL:
            raise Unsupported("super() outside a method", code, offset)
        return attribute_reads.super_attribute(self, cls, owner, name, code, offset)

    def load_attr(self, owner, name, code, offset):
        if owner is NULL:
            raise Unsupported("attribute of NULL", code, offset)
        if self.plan.tape_records and isinstance(owner, tf.GradientTape) and \
                owner not in library_state.TAPES_MADE_IN_GRAPHS:
            # Its watch, stop_recording and gradient act on eager's records while the
            # call runs; the graph's records reach the tape only after it.
            raise Unsupported(f"`.{name}` of a GradientTape from outside the call, "
                              "while a tape records the call", code, offset)
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
        if containers.is_tracked(owner):
            return collection_reads.collection_attribute(self, owner, name, code, offset)
        if name == "numpy" and is_symbolic(owner) and self.provenance.number_of(owner) is None:
            return arrays.ArrayMethod("numpy", owner)
        kind = self.provenance.number_of(owner) if is_symbolic(owner) else None
        if kind is not None:
            # A Python number the graph carries: its class is the number's
            # (`v.__class__ is float`); the tensor's attributes are not the number's.
            if name == "__class__" and kind in (bool, int, float):
                return kind
            number_attribute = self._number_attribute(owner, kind, name)
            if number_attribute is not None:
                return number_attribute
            raise Unsupported(f"`.{name}` of a Python number the graph computes", code,
                              offset)
        if is_symbolic(owner) and name in GRAPH_TENSOR_ONLY:
            # The graph's tensor stands for the call's eager one, which has no name,
            # op or graph (AttributeError: `hasattr(t, "op")` is False) and knows the
            # device it is on.
            raise Unsupported(f"`.{name}` of a tensor: eager's tensor answers it "
                              "differently from the graph's", code, offset)
        if is_symbolic(owner) or self.provenance.is_created(owner):
            return getattr(owner, name)
        if isinstance(owner, tf.Variable):
            return attribute_reads.variable_attribute(self, owner, name, code, offset)
        if type(owner) in (list, dict, set, tuple, str):
            return getattr(owner, name)      # methods of builtin containers
        return attribute_reads.attribute(self, owner, name, code, offset)

    def _number_attribute(self, number, kind, name):
        """The numbers protocol's data attributes of a Python number the graph carries,
        as CPython answers them: an int's or float's `real` is the object itself, a
        bool's is the int it counts as; `imag` is zero; an int's `numerator` is itself
        and its `denominator` 1.  None for any other."""
        if kind not in (bool, int, float) or name not in (
                "real", "imag", "numerator", "denominator") or \
                kind is float and name in ("numerator", "denominator"):
            return None
        if name == "imag":
            return 0.0 if kind is float else 0
        if name == "denominator":
            return 1
        if kind is bool:
            counted = tf.cast(number, tf.int64)
            self.promote(counted, int)
            return counted
        return number

    # -- calls -----------------------------------------------------------------------

    def call(self, fn, args, kwargs, code, offset):
        """fn(*args, **kwargs) in the graph being built (calls.py: the rules, in order)."""
        return calls.call(self, fn, args, kwargs, code, offset)

    def as_eager_number(self, value):
        number = numbers.as_eager_number(value, self.provenance.number_of, self.check)
        if type(number) is numbers.EagerNumber:
            self.record.handed_numbers.append(weakref.ref(number))
        return number

    def type_of(self, value, code, offset):
        """type(value) as eager answers it, guarded where the value was read."""
        if self.provenance.caller_of(value) is not None:
            return reads.type_of(self, value)
        if is_symbolic(value):
            python_type = self.provenance.number_of(value)
            if python_type is None:
                return EagerTensor
            if python_type not in (bool, int, float):
                raise Unsupported("type() of a number that is an int on some runs and a "
                                  "float on others", code, offset)
            return python_type
        if type(value) is generators.InlinedGenerator:
            return value.stands_for          # a generator's, or an itertools class
        if type(value) in (arrays.ArrayArg, GraphText, objects.ObjectRef):
            what = {arrays.ArrayArg: "an ndarray", GraphText: "a string made from graph values",
                    objects.ObjectRef: "an object read at run time"}[type(value)]
            raise Unsupported(f"type() of {what}, which the graph holds as another kind of "
                              "value", code, offset)
        return reads.type_of(self, value)

    def call_user_layer(self, layer, args, kwargs, code, offset):
        """A Keras layer or model whose call() the user wrote: Keras' __call__ does its
        bookkeeping, and the call() it reaches is run by this builder, not traced."""
        impl = calls.user_call(layer)
        attribute_reads.unshadowed_method(self, layer, "call", impl, code, offset)
        self.note_library_call(layer, args, kwargs)   # Keras reads it

        def through_builder(*call_args, **call_kwargs):
            return self.inline(impl, (layer, *call_args), call_kwargs, code, offset)

        # Keras' __call__ reaches the builder through an instance `call` set for this
        # call only (unshadowed_method: the program has none there); graphs that watch
        # the layer's dict for the program's own `call` do not hear of it.
        with janus_ext.own_write(layer.__dict__, "call"):
            object.__setattr__(layer, "call", through_builder)
            try:
                result = layer(*map(arrays.unwrap, args),
                               **{k: arrays.unwrap(v) for k, v in kwargs.items()})
            finally:
                object.__delattr__(layer, "call")
        self.note_fresh(result)
        return result

    def heap_method(self, container, name, args, kwargs, code, offset):
        """A list/dict method on a container from the heap (or this call's copy of it),
        or one of a tracked stdlib container (containers.py)."""
        try:
            if containers.is_tracked(container):
                return self._collection_method(container, name, args, kwargs, code, offset)
            return self._heap_method(container, name, args, kwargs, code, offset)
        except LookupError as exc:
            # pop() of an empty deque, a missing key: the guarded contents decide it.
            raise Thrown(exc, code, offset) from None
        except TypeError:
            if not has_symbolic((*args, *kwargs.values())):
                raise
            raise Unsupported(f"{type(container).__qualname__}.{name}() given a number the "
                              "graph computes (a count carried between calls), where the "
                              "method needs a Python int while building", code, offset) \
                from None
        except ValueError as exc:
            if name not in ("remove", "index") or has_symbolic(args) or natives.first_opaque(
                    (*args, *self.heap.local_view(container)), True,
                    is_library_object) is not None:
                raise
            # `queue.remove(x)` of an item it does not hold, decided by the guarded
            # contents compared with plain values, as eager decides.
            raise Thrown(exc, code, offset) from None

    def _collection_method(self, container, name, args, kwargs, code, offset):
        if name not in containers.method_names(type(container)):
            raise Unsupported(f"{type(container).__qualname__}.{name}() is not converted",
                              code, offset)
        reads.stdlib_slot(self, container, name, code, offset)
        if args and (containers.is_mapping(container) or name in ("remove", "index", "count")):
            natives.comparable(container, args[:1], code, offset)
        if args and name in ("remove", "index", "count") and natives.compares_contents(
                args[0], self.heap.local_view(container)):
            for compared in (container, args[0]):       # == reads them at every depth
                reads.whole(self, compared, code, offset)
        if name in heap.READS_GIVEN and natives.first_opaque(
                (*args, *kwargs.values()), True, is_library_object) is not None:
            raise Unsupported(f"{type(container).__qualname__}.{name}() of values janus "
                              "would iterate by their own code", code, offset)
        return self._heap_method(container, name, args, kwargs, code, offset)

    def _heap_method(self, container, name, args, kwargs, code, offset):
        real = self.provenance.real_of(container, container)
        if type(real) is list and self.provenance.source_of(real) is not None and \
                heap.item_position(self.heap.local_view(container), name, args) is not None:
            # `counts[0] += 1`: an item written in place moves no other one.
            reads.written_in_place(self, real, args[0])
        elif name in heap.READS_CONTENTS[type(container)]:
            reads.contents(self, container)
        known = self.provenance.source_of(real) is not None
        if containers.is_mapping(real) and known and name in ("values", "items", "copy"):
            reads.dict_values(self, real, code, offset)
        if containers.is_mapping(real) and known and name in ("get", "setdefault", "pop") \
                and args and reads.same_item(self, container, real, args[0]):
            # The value comes from the caller's dict: guard it (or read it at call time)
            # like any item read, then let the method do the rest.
            value = reads.item(self, real, args[0], code, offset)
            if name == "get":
                return value
            if name == "pop":
                self.heap.mutate(container, name, args, kwargs)
            return value
        if containers.is_mapping(real) and known and name == "popitem":
            # (the key it takes from the mapping as this call has changed it)
            key = heap.popped_key(self.heap.local_view(container), args, kwargs)
            if key is not heap.NO_KEY and reads.same_item(self, container, real, key):
                # The caller's value at the key it takes: guarded like `pop(key)`'s.
                value = reads.item(self, real, key, code, offset)
                self.heap.mutate(container, name, args, kwargs)
                return key, value
        if containers.is_mapping(real) and known and name in ("get", "setdefault", "pop") \
                and args and reads.unreadable_item(self, container, real, args[0]):
            raise Unsupported(f"{type(real).__qualname__}.{name}() of the program's item "
                              f"under a {type(args[0]).__qualname__} key, which the guard "
                              "checker cannot read", code, offset)
        if name in heap.MUTATORS[type(container)]:
            self.no_writes_in_regions(f"{type(container).__name__}.{name}()", code, offset)
            if name in heap.READS_GIVEN:
                args, kwargs = self.given_whole(args, kwargs, code, offset)
            # No snapshot: the object stored is the one later code may still change.
            return self.heap.mutate(container, name, args, kwargs)
        return getattr(container, name)(*args, **kwargs)

    def given_whole(self, args, kwargs, code, offset):
        """The arguments of a method that reads all of what it is given (heap.READS_GIVEN):
        guarded at every depth (`hp.update(PAIRS)` reads the values inside PAIRS' pairs),
        and handed over as this call has changed them so far."""
        for given in (*args, *kwargs.values()):
            reads.whole(self, given, code, offset)
        args = tuple(self.heap.local_view(self.provenance.real_of(given, given))
                     for given in args)
        return args, kwargs

    def mutating_argument(self, container, code, offset):
        """A list or dict method on the copy the build made of an argument's container:
        the writes must land on the caller's own object, so build again with it."""
        name = self.provenance.argument_name(container)
        if name is not None:
            raise NeedsIdentity({name}, code, offset)

    def no_writes_in_regions(self, what, code, offset):
        if self.open_regions.depth:
            raise Unsupported(f"{what} inside a branch or loop on a tensor: writes to "
                              "Python state there are not converted", code, offset)

    def check_binding_write(self, what, code, offset):
        """Attribute and global stores may sit in cond arms (control.py merges what the
        arms wrote); not in loop or recursive bodies, where a write's count would
        depend on run-time values."""
        if self.in_loop_body() or self.recursion.call_ids:
            raise Unsupported(f"{what} inside a loop on a tensor or a recursive function: "
                              "writes to Python state there are not converted",
                              code, offset)

    def write_attribute(self, owner, name, value, code, offset):
        if self._property_setter(owner, name, value, code, offset):
            return
        if self.provenance.is_made(owner):
            made.write(self, owner, name, value, code, offset)
            return
        self.check_binding_write(f"attribute write .{name}", code, offset)
        if self.provenance.source_of(owner) is None and self.provenance.real_of(owner) is None:
            raise Unsupported(f"attribute write .{name} to an object janus did not read "
                              "from a guarded place", code, offset)
        if isinstance(owner, type):
            attribute_reads.writable_class_attribute(self, owner, name, value, code,
                                                     offset)
            self.heap.write_attribute(owner, name, value)
            return
        if is_library_object(owner) and attribute_reads.library_plain_write(
                self, owner, name, value, code, offset):
            self.heap.write_library_attribute(owner, name, value)
            return
        descriptor = janus_ext.type_lookup(type(owner), name)
        if type(descriptor) is types.MemberDescriptorType:
            # A __slots__ member: the commit's setattr stores it through the member
            # descriptor (C code), guarded to be the one the class still holds.
            if not heap.is_plain_object(owner, slots=True) or is_library_object(owner) \
                    or not isinstance(owner, descriptor.__objclass__):
                raise Unsupported(f"attribute write .{name} to a "
                                  f"{type(owner).__qualname__}, which customises "
                                  "attribute access or belongs to a library", code, offset)
            reads.slot_member(self, owner, name, descriptor, code, offset)
        else:
            self._plain_attribute(owner, name, f"attribute write .{name} to", code, offset)
        self.heap.write_attribute(owner, name, value)

    def _property_setter(self, owner, name, value, code, offset):
        """`owner.name = value` where the owner's class holds a property whose setter
        the program wrote: object.__setattr__ calls that setter, so it is inlined like
        any function (its own writes go through here), guarded on the property the
        class holds, as attribute_reads inlines a getter."""
        cls = type(owner)
        prop = janus_ext.type_lookup(cls, name)
        if type(prop) is not property or not isinstance(prop.fset, types.FunctionType) \
                or from_library(prop.fset) or is_library_object(owner) or \
                isinstance(owner, type) or \
                janus_ext.type_lookup(cls, "__setattr__") is not object.__setattr__:
            return False
        attribute_reads.property_held(self, owner, name, prop)
        self.inline(prop.fset, (owner, value), {}, code, offset)
        return True

    def _plain_attribute(self, owner, name, what, code, offset):
        """owner.name is a plain __dict__ entry, which the commit may set or delete
        without running code of the program or of a library."""
        if type(janus_ext.type_lookup(type(owner), name)) is types.MemberDescriptorType:
            raise Unsupported(f"{what} the __slots__ member {type(owner).__qualname__}."
                              f"{name}: only writes to slots are converted", code, offset)
        if not heap.is_plain_object(owner) or is_library_object(owner):
            raise Unsupported(f"{what} a {type(owner).__qualname__}, which customises "
                              "attribute access or belongs to a library", code, offset)
        descriptor = janus_ext.type_lookup(type(owner), name)
        if descriptor is not None and \
                janus_ext.type_lookup(type(descriptor), "__set__") is not None:
            raise Unsupported(f"{type(owner).__qualname__}.{name} is a property or data "
                              "descriptor", code, offset)

    def delete_attribute(self, owner, name, code, offset):
        """`del owner.name`: deferred like a write; the entry it deletes is guarded, so
        the deletion at commit cannot fail."""
        self.no_writes_in_regions(f"del .{name}", code, offset)
        if self.provenance.is_made(owner):
            if not reads.holds_own(owner, name) or \
                    self.provenance.region_of(owner) < self.open_regions.serial[-1]:
                raise Unsupported(f"del .{name} of an attribute the object made here "
                                  "does not hold", code, offset)
            object.__delattr__(owner, name)
            return
        self._plain_attribute(owner, name, f"del .{name} of", code, offset)
        found, value = self.heap.written(owner, name)
        if not found:
            reads.own_entry(self, owner, name, code, offset)
        elif value is heap.DELETED:
            raise Unsupported(f"del .{name} twice", code, offset)
        self.heap.delete_attribute(owner, name)

    def inline(self, fn, args, kwargs, code, offset):
        callee = self.inlining.inlined.setdefault(id(fn), fn).__code__
        if callee is self.code:
            raise Unsupported("the converted function calls itself (only functions it "
                              "calls may recurse)", code, offset)
        try:
            # The parameters CPython binds: the code object's, with the function's
            # defaults.  inspect.signature would follow __wrapped__ (functools.wraps)
            # and honour __signature__, which may name other parameters or defaults.
            bound = inspect._signature_from_function(inspect.Signature, fn).bind(
                *args, **kwargs)
        except TypeError as exc:
            raise Unsupported(f"call of {fn.__qualname__} does not bind: {exc}", code,
                              offset) from None
        given = set(bound.arguments)
        bound.apply_defaults()
        local_values = dict(bound.arguments)
        for name in local_values.keys() - given:
            local_values[name] = self.held_by_identity(
                local_values[name], f"the default of {fn.__qualname__}'s {name}", code,
                offset)
        if "implicit0" in local_values and callee.co_varnames[:1] == (".0",):
            # A generator expression's iterator: inspect names `.0` implicit0.
            local_values[".0"] = local_values.pop("implicit0")
        if fn.__builtins__ is not self.target.builtins:
            # Its names fall back to builtins of its own (a function made under a
            # module whose `__builtins__` was rebound); the guards read Python's.
            raise Unsupported(f"{fn.__qualname__} has builtins of its own (its module's "
                              "__builtins__ was rebound)", code, offset)
        if callee in self.recursion.tracing:
            return recursive_calls.call_again(self, callee, local_values, code, offset)
        # Only the frames of the innermost recursive body being traced: a function
        # whose earlier frame lies below it (`combine` in expand → combine → expand)
        # recurses through that body's function, which the graph already repeats.
        inside = self.recursion.rooms[-1][1] - 1 if self.recursion.rooms else 0
        outer = next((values for c, values in reversed(self.inlining.stack[inside:])
                      if c is callee), None)
        if outer is not None and recursive_calls.recursion_over_objects(
                self, callee, local_values, outer, code, offset):
            return recursive_calls.start(self, callee, fn, local_values, outer, code, offset)
        if callee.co_flags & bytecode.GENERATOR_FLAGS:
            return generators.start(self, callee, fn.__globals__, local_values,
                                    self._cells_of(fn), (code, offset))
        self.inlining.stack.append((callee, local_values))
        try:
            return self.execute(callee, fn.__globals__, local_values, self._cells_of(fn))
        finally:
            self.inlining.stack.pop()

    def held_by_identity(self, value, what, code, offset):
        """A value from no guarded place: a parameter's default (the same object while
        the function keeps its defaults: library_state.watch_functions), an argument
        library code passed to the program's function.  It is known by identity; a
        list, dict, set or array there is the program's state, which the loop may change
        in place (`def act(x, knots=KNOTS)`, `KNOTS.append(...)`): read like any heap
        value, its contents guarded once the call reads them."""
        if self.provenance.source_of(value) is not None or is_symbolic(value):
            return value
        if type(value) in (list, dict, set, bytearray, array.array) or \
                containers.is_tracked(value) or isinstance(value, np.ndarray):
            return reads.value_at(self, guards.const(value), value, what, code, offset)
        self.remember(value, guards.const(value))
        return value

    def _cells_of(self, fn):
        """{free variable: (cell, accessor)} of a function being inlined.  A function
        not read from a guarded place (one library code called back, a method Keras
        looked up) still holds these very cells: each is then known by identity
        (guards.const), and what it holds is guarded like any read."""
        if not fn.__closure__:
            return None
        acc = self.provenance.source_of(fn)
        return {name: (cell, None if id(cell) in self.inlining.made_cells else
                       guards.item(guards.attr(acc, "__closure__"), i)
                       if acc is not None else guards.const(cell))
                for i, (name, cell) in enumerate(zip(fn.__code__.co_freevars,
                                                     fn.__closure__))}

    def write_cell(self, frame, name, value, ins):
        """`nonlocal name; name = value`.  A caller's cell is written like an attribute:
        deferred to the commit, merged where cond arms write it.  A cell this call made
        (a variable its closures share) is the call's own and is written at once, so
        not inside a cond arm or loop body, which run whether or not eager takes them."""
        cell, _ = reads.cell_entry(frame, name, ins)
        if id(cell) not in self.inlining.made_cells:
            self.check_binding_write(f"nonlocal write of {name!r}", frame.code, ins.offset)
            self.heap.write_cell(cell, value)
            return
        self.no_writes_in_regions(f"nonlocal write of {name!r}", frame.code, ins.offset)
        if self.in_library_body():
            raise Unsupported(f"write of {name!r}, a variable the step's closures share, "
                              "inside a function library code traces as a body of its own",
                              frame.code, ins.offset)
        cell.cell_contents = value

    def read_made_cell(self, cell, name, frame, ins):
        """A variable of this call that its closures share: what it holds now."""
        try:
            value = cell.cell_contents
        except ValueError:
            frame.fail(f"closure variable {name!r} is not bound", ins)
        if self.in_library_body() and is_symbolic(value) and \
                self.provenance.number_of(value) is not None:
            # A number the graph carries as a tensor, not the Python number the body's
            # ops would take it as (its dtype is the carrier's).
            raise Unsupported(f"closure variable {name!r}, a Python number the step "
                              "computes, read inside a function library code traces as a "
                              "body of its own (a tf.cond or tf.while_loop given "
                              "functions)", frame.code, ins.offset)
        return value

    def make_cell(self, name, local_values):
        """MAKE_CELL: a variable of this call that its closures share, in a new cell
        (holding the argument of that name, if it is one).  The closures made here
        are refused where they would outlive the call (executor), so the cells do not."""
        cell = types.CellType() if name not in local_values else \
            types.CellType(local_values[name])
        self.inlining.made_cells[id(cell)] = cell
        return cell

    @staticmethod
    def function_of(code, globals_dict):
        """MAKE_FUNCTION's function; a closure's cells come with SET_FUNCTION_ATTRIBUTE
        (closure_of), empty ones stand in until then."""
        return types.FunctionType(code, globals_dict, None, None, tuple(
            types.CellType() for _ in code.co_freevars) or None)

    def closure_of(self, fn, cells):
        """The function MAKE_FUNCTION made, closing over `cells` (its closure tuple)."""
        made = types.FunctionType(fn.__code__, fn.__globals__, fn.__name__,
                                  fn.__defaults__, tuple(cells))
        made.__kwdefaults__ = fn.__kwdefaults__
        return made


