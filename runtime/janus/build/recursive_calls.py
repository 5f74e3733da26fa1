"""Inside the builder: Python objects the graph reads at run time, and recursive calls.

A call of a function that is already being inlined, over objects that change from call
to call (a tree's nodes), becomes a call of a recursive graph function
(janus/graph/recursion.py) whose object arguments are pointer tensors (janus/state/objects.py).
Recursion over build-time constants (a Python int that counts down) is still unrolled
by plain inlining.  The builder keeps the state (its `tracing`, `call_ids`,
`recursive` tables); these functions act on it.
"""

import sys
import types

import tensorflow as tf

from .. import guards
from ..errors import NeedsProfile, NeedsReference, Raises, Thrown, Unsupported
from ..frontend import profiler
from ..graph import recursion
from ..state import attribute_reads, objects, reads
from ..values import NULL, is_symbolic


def call_id(b):
    """The graph call's id (its arena for object pointers and stashed values)."""
    if b.recursion.call_ids:
        return b.recursion.call_ids[-1]
    if b.recursion.root_call_id is None:
        holder = b.target.call_args
        with b.target.root_graph.as_default():
            b.recursion.root_call_id = b.target.root_graph.capture_call_time_value(
                lambda: tf.constant(holder.call_id, tf.int64),
                tf.TensorSpec([], tf.int64))
    return b.recursion.root_call_id


def load_object_attr(b, ref, name, code, offset):
    cls = ref.cls
    # (An instance entry that shadows a method on some node is not seen: the nodes are
    # only known at run time.)
    getter, method = attribute_reads.code_on_class(b, cls, name)
    if getter is not None:
        return b.inline(getter, (ref,), {}, code, offset)
    if method is not None:
        return types.MethodType(method, ref)
    try:
        kind, value_cls, python_type = objects.read_kind(
            cls, name, ref.population.values_of(cls, name))
    except objects.CannotRead as exc:
        raise Unsupported(str(exc), code, offset) from exc
    b.provenance.pin(cls, value_cls)   # the op names them by id
    value = recursion.get_attr(ref.pointer, call_id(b), name, kind, cls,
                               value_cls)
    b.heap.call_time_reads += 1
    if value_cls is not None:
        return objects.ObjectRef(value, value_cls, ref.population)
    b.promote(value, python_type)
    return value


def recursion_over_objects(b, callee, local_values, outer, code, offset):
    """True: turn this recursive call into a recursive graph.  False: unroll it
    (recursion over build-time constants, e.g. a Python int that counts down)."""
    changing = []
    for name, value in local_values.items():
        if type(value) is objects.ObjectRef:
            return True
        if objects.is_plain_instance(value) and value is not outer.get(name):
            changing.append((name, value))
    if not changing:
        return False
    roots = set()
    for name, value in changing:
        # Down to the argument it was read from; a global or an object known by
        # identity (A_GLOBAL, A_CONST) roots no argument.
        acc = guards.root(b.provenance.source_of(value))
        if acc is None or acc[0] == guards.A_CONST:
            raise Unsupported(f"recursion over {name}, an object janus cannot "
                                      "trace to an argument or a global", code, offset)
        roots.add(b.target.arg_names[acc[1]] if acc[0] == guards.A_ARG
                  else reads.GLOBAL_ROOT + acc[3])
    raise NeedsReference(roots, code, offset)


def _signature(local_values, outer, code, offset):
    signature, explicit = [], []
    for name, value in local_values.items():
        if type(value) is objects.ObjectRef:
            signature.append((name, "object", value.cls))
            explicit.append(value.pointer)
        elif is_symbolic(value):
            signature.append((name, "tensor", value.dtype, tuple(value.shape.as_list())))
            explicit.append(value)
        elif value is outer.get(name, NULL) or type(value) in guards.SPECIALISABLE \
                and type(outer.get(name, NULL)) is type(value) and \
                outer.get(name) == value:
            signature.append((name, "same", id(value)))
        else:
            raise Unsupported(f"recursive call whose argument {name!r} changes "
                                      "and is neither a tensor nor an object", code, offset)
    return tuple(signature), explicit


def start(b, callee, fn, local_values, outer, code, offset):
    signature, explicit = _signature(local_values, outer, code, offset)
    key = (callee, signature)
    function = b.recursion.functions.get(key)
    if function is None:
        structure, output_specs = _recursive_outputs(b, callee, code, offset)
        constants = {name: value for name, value in local_values.items()
                     if type(value) is not objects.ObjectRef and not is_symbolic(value)}
        population = next(v.population for v in local_values.values()
                          if type(v) is objects.ObjectRef)

        def body(call_id, explicit_inputs, recurse):
            *explicit_inputs, room = explicit_inputs
            # Eager may raise RecursionError here: the interpreter runs the call.
            b.check(room >= 0, f"{callee.co_qualname} recurses close to the Python "
                    "recursion limit")
            values = dict(constants)
            inputs = iter(explicit_inputs)
            for name, kind, *rest in signature:
                if kind == "object":
                    values[name] = objects.ObjectRef(next(inputs), rest[0], population)
                elif kind == "tensor":
                    values[name] = next(inputs)
            return _trace_body(b, callee, fn, values, signature, structure,
                               output_specs, call_id, recurse, room)

        specs = [tf.TensorSpec([], tf.int64) if kind == "object"
                 else tf.TensorSpec(rest[1], rest[0])
                 for name, kind, *rest in signature if kind != "same"]
        specs.append(tf.TensorSpec([], tf.int64))     # the frames left: _room
        try:
            function = recursion.RecursiveFunction(callee.co_name, body, specs,
                                                   output_specs)
        except Thrown as exc:
            # The body's own trace raises, not this call: no handler of the caller's
            # may take it (raising.py).
            raise Raises(f"{exc.reason} in the recursive {callee.co_qualname}",
                         code, offset) from exc
        except Unsupported:
            raise          # from the builder, tracing the body: its own reason
        except Exception as exc:
            raise Unsupported(f"recursive graph for {callee.co_qualname} failed: "
                                      f"{type(exc).__name__}: {exc}", code, offset) from exc
        function.structure = structure
        b.recursion.functions[key] = function
        b.recursion.codes.append(callee)
    flat = function.call(call_id(b), explicit + [_room(b)])
    return _restructure(function.structure, list(flat))


# Python frames that library code may use below the deepest level of a recursion (a
# Keras layer's call, TF's op dispatch) before eager would raise RecursionError.  Too
# many only sends deep calls to the interpreter; too few would let a graph compute what
# eager refuses.
LIBRARY_FRAMES = 100


def _room(b):
    """How many more Python frames eager could push at this recursive call before
    RecursionError, less LIBRARY_FRAMES: from the innermost recursive body being traced,
    or at the graph call (sys.getrecursionlimit() less the caller's depth, read then)."""
    if b.recursion.rooms:
        # In the innermost body being traced: its own frames left, less the frames
        # since its entry (a helper between two levels is a frame too).
        room, depth = b.recursion.rooms[-1]
        return room - (len(b.inlining.stack) - depth + 1)
    frames = len(b.inlining.stack) + 1          # the inlined levels, and this call
    graph = b.target.root_graph
    with graph.as_default():
        left = graph.capture_call_time_value(
            lambda: tf.constant(_frames_left(), tf.int64), tf.TensorSpec([], tf.int64))
    return left - frames


def _frames_left():
    frame, depth = sys._getframe(), 0
    while frame is not None:
        depth += 1
        frame = frame.f_back
    return sys.getrecursionlimit() - depth - LIBRARY_FRAMES


def _trace_body(b, callee, fn, local_values, signature, structure, output_specs,
                call_id, recurse, room):
    saved = b.recursion.tracing.get(callee)
    b.recursion.tracing[callee] = (signature, recurse, local_values, structure)
    b.recursion.rooms.append((room, len(b.inlining.stack) + 1))
    b.recursion.call_ids.append(call_id)
    b.inlining.stack.append((callee, local_values))
    try:
        result = b.in_region(
            lambda: b.execute(callee, fn.__globals__, dict(local_values)))
    finally:
        b.inlining.stack.pop()
        b.recursion.rooms.pop()
        b.recursion.call_ids.pop()
        if saved is None:
            del b.recursion.tracing[callee]
        else:
            b.recursion.tracing[callee] = saved
    flat = _flatten_structure(result, structure, callee)
    out = []
    for value, spec in zip(flat, output_specs):
        if not is_symbolic(value):
            value = tf.constant(value, spec.dtype)
        if value.dtype != spec.dtype or not spec.shape.is_compatible_with(value.shape):
            raise Unsupported(f"{callee.co_qualname} returns {value.dtype} "
                                      f"{value.shape} where its profile saw {spec.dtype} "
                                      f"{spec.shape}", callee)
        out.append(value)
    return out


def call_again(b, callee, local_values, code, offset):
    signature, recurse, outer, structure = b.recursion.tracing[callee]
    got, explicit = _signature(local_values, outer, code, offset)
    if [(n, k) for n, k, *_ in got] != [(n, k) for n, k, *_ in signature] or any(
            now[2] is not first[2] for now, first in zip(got, signature)
            if now[1] == "object"):
        raise Unsupported(f"recursive call of {callee.co_qualname} with another "
                                  "signature than its first", code, offset)
    return _restructure(structure, list(recurse(explicit + [_room(b)])))


def _recursive_outputs(b, callee, code, offset):
    """The structure and flat TensorSpecs of what `callee` returns, from its profile."""
    profile = profiler.profile(callee)
    returns = (profile or {}).get("returns") or {}
    if not returns:
        if profile is None:
            profiler.flag(callee)
        raise NeedsProfile(f"{callee.co_qualname} is recursive and has not been "
                                   "profiled yet", code, offset)
    try:
        return _merge_return_descriptors(list(returns))
    except ValueError as exc:
        raise Unsupported(f"{callee.co_qualname} returns {exc}", code, offset) from exc


def _merge_return_descriptors(descriptors):
    """Profile descriptors of a function's results → (structure, flat TensorSpecs).

    Tensors of one dtype and rank merge; dimensions that differ become unknown."""
    def merge(items):
        first = items[0]
        if first[0] == "tuple":
            if any(d[0] != "tuple" or len(d) != len(first) for d in items) or \
                    len(first) != 2 + first[1]:
                raise ValueError("tuples of several lengths, or not described element-wise")
            parts = [merge([d[2 + i] for d in items]) for i in range(first[1])]
            return ("tuple", [p[0] for p in parts]), [s for p in parts for s in p[1]]
        if len(first) != 3 or any(len(d) != 3 or d[1] != first[1] for d in items) or \
                first[2] is None:
            raise ValueError(f"values janus cannot carry in a graph: {sorted(set(items))}")
        shapes = [d[2] for d in items]
        if any(len(s) != len(shapes[0]) for s in shapes):
            raise ValueError("tensors of several ranks")
        shape = [dims[0] if len(set(dims)) == 1 else None for dims in zip(*shapes)]
        return "tensor", [tf.TensorSpec(shape, tf.as_dtype(first[1]))]
    return merge(descriptors)


def _flatten_structure(value, structure, code):
    if structure == "tensor":
        if type(value) is tuple or type(value) is objects.ObjectRef:
            raise Unsupported(f"{code.co_qualname} returns {type(value).__name__} "
                                      "where its profile saw a tensor", code)
        return [value]
    if type(value) is not tuple or len(value) != len(structure[1]):
        raise Unsupported(f"{code.co_qualname} returns a {type(value).__name__} "
                                  f"where its profile saw a tuple of {len(structure[1])}",
                                  code)
    return [leaf for item, part in zip(value, structure[1])
            for leaf in _flatten_structure(item, part, code)]


def _restructure(structure, flat):
    if structure == "tensor":
        return flat.pop(0)
    return tuple(_restructure(part, flat) for part in structure[1])
