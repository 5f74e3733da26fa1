"""`tape.gradient` in code that stays in the interpreter → the tape's backward walk, as
eager orders it, run in compiled chunks checked bit for bit against eager.

Eager's `tape.gradient` walks the ops the tape recorded (C++: which op next, which
gradients to sum, in what order) and calls each op's registered gradient function
(Python, `backprop._gradient_function`), which runs three to five eager ops: about
100-150 µs per recorded op.  An actor-critic episode records ~30 ops per frame, so its
gradient costs more than its forward pass.  One compiled call per op does not help
(calling a small graph by name costs about what the eager ops do), so the walk is
deferred and run in chunks:

- During the walk, janus's gradient function (registered with the tape; outside a
  deferred walk it calls eager's) does not compute: it appends a *node* (the op's
  gradient, with its operands) to the walk's list and hands the tape `Pending` values
  of the right dtype and shape.  The tape's sums become nodes too (its aggregate
  function); the number of elements it asks for, to decide when to sum, is the
  Pending's.  So the walk, and the order of every sum, are eager's.
- At the end of the walk (or before a gradient janus leaves to eager, below) the nodes
  run in order, cut into chunks where their content says (after each node of one
  signature that recurs about once per frame, `_cut_signature`, so a walk over
  repeated frames is cut into whole periods and its chunks repeat).  A
  chunk is keyed by its nodes' signatures (op type, attributes, the dtype and shape of
  every operand) and how they feed each other.  Its first run is eager's: each node's
  gradient function on real tensors, as eager's walk would have called it.  A chunk
  seen again is traced into one graph of those same gradient functions and runs as one
  call, with eager's numerics config (run/call_options.py).  Its first CHECKED_RUNS runs
  are also run eagerly and compared bit for bit; a chunk that differs once stays eager.

A gradient janus leaves to eager (its node would not be pure): one whose graph would hold
a stateful op (random, an assertion, a py_function) or capture a value, or whose
operands or results are not dense tensors (IndexedSlices of a gather, resources,
variants), and a gradient function of the program's own code put in TF's registry
(it may count its calls).  Before it, the pending nodes run; it then runs as eager's, in
its place.  The registered function is part of the key: one replaced mid-run is a new
signature.

A backward function Python recorded itself (the call of a tf.function under the tape,
tf.custom_gradient) is called with real tensors, after the pending nodes ran; a
`tape.gradient` it runs is eager's through and through.  A sum of more than
MAX_SUM_IN_CHUNK terms (a weight's sum over an episode's frames) runs eagerly in its
place: in a chunk it would make a key per episode length.

Where eager's gradient function hands back an object it was given (Identity's gradient
is the incoming one; AddV2's, for equal shapes, the same object twice), the walk hands
back that object, not a new tensor: the program may ask `g_a is g_b`.

Only for a walk in eager mode with no tape or forward accumulator recording it
(a gradient of a gradient records eager's ops), and inside no tf.function; and per code
calling tape.gradient, only while its walks repeat (_Site).  Measured on the keras-io
actor-critic (docs/measurements.md, "The gradient over an interpreted step's tape"):
~23 µs per op to record the walk, ~20 µs per op in its chunk, against 100-150 eagerly.
"""

import builtins
import collections
import gc
import sys
import threading
import zlib

import numpy as np
import tensorflow as tf
from tensorflow.python import pywrap_tfe
from tensorflow.python.eager import backprop, context, imperative_grad, record
from tensorflow.python.framework import dtypes, ops
from tensorflow.python.ops import gen_math_ops

import janus_ext

from ..build import purity
from ..observe import counters
from ..run import call_options

EAGER_RUNS_BEFORE_BUILD = 1    # a chunk run eagerly this often is compiled at its next run
CHECKED_RUNS = 2               # compiled runs of a chunk compared bit for bit with eager's
MIN_CHUNK, MAX_CHUNK = 16, 512   # nodes per chunk
MAX_SUM_IN_CHUNK = 8           # terms of a sum run in a chunk (a longer one runs eagerly)

_eager_gradient = backprop._gradient_function
_eager_walk = imperative_grad.imperative_grad
_eager_vspace = backprop._default_vspace
_OPAQUE = frozenset({dtypes.resource, dtypes.variant, dtypes.string})
_STAYS_EAGER = "stays eager"
_SEEN_ONCE = "seen once"
MAX_KEYS = 4096                # signatures and chunks remembered
WALKS_TO_DECIDE = 16           # walks of one code before janus judges whether deferring pays


class Counts:
    """What janus's backward walks did (JANUS_STATS)."""
    __slots__ = ("walks", "eager_walks", "nodes", "compiled_nodes", "eager_nodes",
                 "compiled_runs", "eager_runs", "chunk_graphs", "mismatches")

    def __init__(self):
        for name in self.__slots__:
            setattr(self, name, 0)

    def as_dict(self):
        return {name: getattr(self, name) for name in self.__slots__}


counts = Counts()


class Pending:
    """A gradient the walk has not computed yet: its dtype and shape, and the value once
    its chunk ran."""
    __slots__ = ("spec", "value")

    def __init__(self, spec):
        self.spec = spec          # (dtype enum, shape tuple)
        self.value = None


class _Node:
    """One gradient function call (or one sum) of the walk."""
    __slots__ = ("signature", "call", "operands", "specs", "outputs")

    def __init__(self, signature, call, operands, specs, outputs):
        self.signature = signature    # hashable: what the chunk key holds of this node
        self.call = call              # ("grad", args with operands blanked) or ("sum",)
        self.operands = operands      # flat: EagerTensor or Pending
        self.specs = specs            # flat: each operand's spec (_spec)
        self.outputs = outputs        # per result: Pending or None


# Per gradient signature: (what each result is, operand layout, operand specs) when it
# can be deferred (_describe), or _SEEN_ONCE, or _STAYS_EAGER.
_described: dict = {}
# Per chunk key: a _Chunk, or the number of eager runs so far, or _STAYS_EAGER.
_chunks: dict = {}
_local = threading.local()


def _spec(t):
    """(dtype enum, shape), and the value of an integer scalar (an axis): eager's
    gradient code reads it as a constant (tensor_util.constant_value) and may take
    another path for it (GatherV2's gradient is IndexedSlices for a constant axis 0,
    dense otherwise), so the traced gradient gets it as a constant too, and it is part
    of the key.  Integer vectors (slice bounds, shapes, permutations) stay operands: a
    sampled action's slice bounds would otherwise make a key per action."""
    kind = type(t)
    if kind is Pending:
        return t.spec
    if kind is not _EagerTensor:
        raise TypeError
    dtype = t._datatype_enum()
    if dtype in _OPAQUE_ENUMS:
        raise TypeError
    shape = t._shape_tuple()
    if dtype in _INTS and not shape:
        return (dtype, shape, (int(t),))
    return (dtype, shape)


_EagerTensor = ops.EagerTensor
_INTS = frozenset({dtypes.int32.as_datatype_enum, dtypes.int64.as_datatype_enum})
_OPAQUE_ENUMS = frozenset(d.as_datatype_enum for d in _OPAQUE)


def _operand_specs(specs):
    """The specs of a gradient call's flat operands, from those of its three lists."""
    return [spec for seq in specs if seq is not None for spec in seq if spec is not None]


def _graph_operand(spec, flat):
    """The traced graph's operand: a constant for an integer scalar, else the next
    placeholder."""
    if len(spec) == 3:
        return tf.constant(np.array(spec[2], dtype=tf.as_dtype(spec[0]).as_numpy_dtype)
                           .reshape(spec[1]))
    return next(flat)


def _placeholder_spec(spec):
    return tf.TensorSpec(spec[1], tf.as_dtype(spec[0]))


def _specs(tensors):
    # The tape passes None for a whole list its gradient function does not use.
    if tensors is None:
        return None
    return tuple([None if t is None else _spec(t) for t in tensors])


def _hashable(value):
    try:
        hash(value)
        return value
    except TypeError:
        return _listless(value)


def _listless(value):
    if isinstance(value, (list, tuple)):
        return tuple(_listless(v) for v in value)
    return value


def _flat(inputs, outputs, out_grads):
    return [t for seq in (inputs, outputs, out_grads) if seq is not None
            for t in seq if t is not None]


def _unflat(layout, flat):
    """The (inputs, outputs, out_grads) lists of a gradient call from its flat operands;
    `layout`: per list, None or a tuple of booleans (operand present)."""
    it = iter(flat)
    return [None if present is None else [next(it) if p else None for p in present]
            for present in layout]


def _layout(specs):
    """The layout of a gradient call from the specs of its three lists."""
    return tuple(None if seq is None else tuple(t is not None for t in seq)
                 for seq in specs)


def _device(out_grads):
    for t in out_grads:
        if type(t) is ops.EagerTensor:
            return t.device
    return None


def _real(t):
    return t.value if type(t) is Pending else t


def _as_list(result):
    return list(result) if isinstance(result, (list, tuple)) else [result]


def gradient_function(op_name, attr_tuple, num_inputs, inputs, outputs, out_grads,
                      skip_input_indices, forward_pass_name_scope):
    """What the C++ tape calls for each recorded op during a walk janus defers."""
    walk = getattr(_local, "walk", None)
    if walk is None:        # every eager gradient outside a deferred walk comes here
        return _eager_gradient(op_name, attr_tuple, num_inputs, inputs, outputs,
                               out_grads, skip_input_indices, forward_pass_name_scope)
    args = [op_name, attr_tuple, num_inputs, inputs, outputs, out_grads,
            skip_input_indices, forward_pass_name_scope]
    try:
        # The registered gradient function is part of the key: one the program puts in
        # TF's registry mid-run is another signature; one of the program's own code
        # (it may have effects: count its calls) runs as eager's, at each call.
        entry = _gradient_registry.get(op_name)
        function = entry["type"] if entry is not None else None
        if not _is_library_function(function):
            raise TypeError
        signature = (op_name, function, _hashable(attr_tuple),
                     None if skip_input_indices is None else tuple(skip_input_indices),
                     _specs(inputs), _specs(outputs), _specs(out_grads),
                     _device(out_grads))
    except TypeError:
        signature = None
    described = _described.get(signature, None) if signature is not None else _STAYS_EAGER
    if described is None:
        # Seen once, run eagerly: a gradient whose shapes never repeat (a new length at
        # every call) is not traced for nothing.
        described = _SEEN_ONCE
        if len(_described) < MAX_KEYS:
            _described[signature] = _SEEN_ONCE
    elif described is _SEEN_ONCE:
        described = _described[signature] = _describe(args)
    if described is _STAYS_EAGER or described is _SEEN_ONCE:
        walk.run_pending()
        counts.nodes += 1
        counts.eager_nodes += 1
        args[3:6] = [None if seq is None else [_real(t) for t in seq]
                     for seq in (inputs, outputs, out_grads)]
        return _eager_gradient(*args)
    kinds, layout, operand_specs = described
    operands = _flat(inputs, outputs, out_grads)
    results, made = [], []
    for kind in kinds:
        # What eager's gradient function hands back, per input of the op: nothing, a
        # new tensor, one of its operands itself (Identity's gradient, AddV2's when the
        # shapes agree) or the same object as an earlier result: the program may ask
        # `g_a is g_b` of the gradients it gets.
        if kind is None:
            result = new = None
        elif kind[0] == "new":
            result = new = Pending(kind[1])
        else:
            new = None
            result = operands[kind[1]] if kind[0] == "operand" else results[kind[1]]
        results.append(result)
        made.append(new)
    call = ("grad", op_name, attr_tuple, num_inputs, layout, skip_input_indices,
            forward_pass_name_scope)
    walk.add(_Node(signature, call, operands, operand_specs, made))
    return results


_gradient_registry = ops._gradient_registry._registry     # op type -> {"type": function}
_library_functions: dict = {}    # gradient function -> whether it is TF's or Keras' own


def _is_library_function(function):
    known = _library_functions.get(function)
    if known is None:
        code = getattr(function, "__code__", None)
        known = code is not None and purity.is_library_code(code, function.__globals__)
        if len(_library_functions) < MAX_KEYS:
            _library_functions[function] = known
    return known


def _describe(args):
    """Trace the gradient on placeholders: (per result, what it is: None, ("new", spec),
    ("operand", k) or ("alias", j); the operands' layout; their specs), or _STAYS_EAGER
    when it is not a pure function of dense operands."""
    op_name, attr_tuple, num_inputs, inputs, outputs, out_grads, skip, scope = args
    per_list = [_specs(seq) for seq in (inputs, outputs, out_grads)]
    specs, layout = _operand_specs(per_list), _layout(per_list)
    kinds = []

    def gradient(*flat):
        it = iter(flat)
        operands = [_graph_operand(spec, it) for spec in specs]
        ins, outs, grads = _unflat(layout, operands)
        results = _as_list(_eager_gradient(op_name, attr_tuple, num_inputs, ins, outs,
                                           grads, skip, scope))
        kinds.clear()
        new = []
        for j, g in enumerate(results):
            if g is not None and not isinstance(g, tf.Tensor):
                raise _NotDeferred
            operand = next((k for k, o in enumerate(operands) if o is g), None)
            earlier = next((i for i in range(j) if results[i] is g), None)
            if g is None:
                kinds.append(None)
            elif operand is not None:
                kinds.append(("operand", operand))
            elif earlier is not None:
                kinds.append(("alias", earlier))
            else:
                kinds.append(("new", None))
                new.append(g)
        return new

    try:
        function = tf.function(gradient, autograph=False).get_concrete_function(
            *[_placeholder_spec(spec) for spec in specs if len(spec) == 2])
    except Exception:       # noqa: BLE001 - eager's gradient code does not trace as a graph
        return _STAYS_EAGER
    if not _pure(function):
        return _STAYS_EAGER
    if any(not t.shape.is_fully_defined() or t.dtype in _OPAQUE
           for t in function.structured_outputs):
        # The tape asks a gradient's size before it is computed; a variant (a
        # TensorList's gradient) or a resource is no value to compare.
        return _STAYS_EAGER
    it = iter(function.structured_outputs)
    kinds = tuple(("new", (t.dtype.as_datatype_enum, tuple(t.shape.as_list())))
                  if kind == ("new", None) else kind
                  for kind, t in ((kind, next(it) if kind == ("new", None) else None)
                                  for kind in kinds))
    return kinds, layout, specs


class _NotDeferred(Exception):
    pass


def _pure(function):
    if function.captured_inputs:
        return False
    return not any(op._is_stateful for op in function.graph.get_operations())


def _aggregate(gradients):
    """The tape's sum of the gradients that reach one tensor (eager's: AddN, in the
    order the walk met them)."""
    walk = getattr(_local, "walk", None)
    if walk is None or not any(type(g) is Pending for g in gradients):
        return backprop._aggregate_grads(gradients)
    if len(gradients) == 1:
        return gradients[0]
    try:
        specs = tuple(_spec(g) for g in gradients)
    except TypeError:
        specs = None
    if specs is None or len(gradients) > MAX_SUM_IN_CHUNK:
        # A weight's sum over an episode's frames has as many terms as the episode has
        # frames: in a chunk it would make a key per episode length.  One eager AddN.
        walk.run_pending()
        return backprop._aggregate_grads([_real(g) for g in gradients])
    result = Pending(specs[0])
    walk.add(_Node(("sum", specs), ("sum",), list(gradients), specs, [result]))
    return result


def _num_elements(gradient):
    if type(gradient) is Pending:
        return int(np.prod(gradient.spec[1], dtype=np.int64))
    return backprop._num_elements(gradient)


_vspace = _eager_vspace._replace(aggregate_fn=_aggregate, num_elements_fn=_num_elements)


class _Walk:
    """The nodes of one deferred walk, in the order the tape made them."""

    def __init__(self):
        self.nodes = []
        self.done = 0

    def add(self, node):
        self.nodes.append(node)
        counts.nodes += 1

    def run_pending(self):
        """Compute every node not computed yet, in order, chunk by chunk."""
        nodes = self.nodes[self.done:]
        self.done = len(self.nodes)
        cut = _cut_signature(nodes)
        start = 0
        for end, node in enumerate(nodes, 1):
            if (node.signature == cut and end - start >= MIN_CHUNK) or \
                    end - start >= MAX_CHUNK or end == len(nodes):
                _run_chunk(nodes[start:end])
                start = end


def _cut_signature(nodes):
    """The signature after whose nodes the chunks end (once they hold MIN_CHUNK nodes):
    the most frequent one that still leaves chunks of about MIN_CHUNK nodes or more, ties
    broken by a hash that is the same in every process.  A walk over repeated frames
    repeats some signatures once per frame: its chunks are then whole periods, the same
    from frame to frame and from one walk to the next."""
    frequency = collections.Counter(node.signature for node in nodes)
    most = len(nodes) // MIN_CHUNK
    best = None
    for signature, count in frequency.items():
        if count > most:
            continue
        rank = (count, zlib.crc32(repr(signature).encode()))
        if best is None or rank > best[0]:
            best = (rank, signature)
    return None if best is None else best[1]


def _key(chunk):
    """The chunk's signatures and wiring: an operand is a result of a node in the chunk
    (its position and result index) or comes from outside (its spec is in the
    signature)."""
    where = {}
    for i, node in enumerate(chunk):
        for j, out in enumerate(node.outputs):
            if out is not None:
                where[id(out)] = (i, j)
    return tuple((node.signature,
                  tuple("constant" if len(spec) == 3 else where.get(id(o))
                        for o, spec in zip(node.operands, node.specs)))
                 for node in chunk)


def _outside(chunk, key):
    """The chunk's operands from outside it, in order, as real tensors."""
    return [_real(o) for node, (_, wiring) in zip(chunk, key)
            for o, w in zip(node.operands, wiring) if w is None]


def _run_eagerly(chunk):
    for node in chunk:
        operands = [_real(o) for o in node.operands]
        if node.call[0] == "sum":
            results = [gen_math_ops.add_n(operands)]
        else:
            _, op_name, attrs, num_inputs, layout, skip, scope = node.call
            ins, outs, grads = _unflat(layout, operands)
            results = _as_list(_eager_gradient(op_name, attrs, num_inputs, ins, outs, grads,
                                               skip, scope))
        for out, value in zip(node.outputs, results):
            if out is not None:
                out.value = value


class _Chunk:
    """A chunk's nodes as one graph, called by name."""
    __slots__ = ("function", "name", "num_outputs", "checks_left")

    def __init__(self, function):
        self.function = function      # kept alive: the context finds it by name
        self.name = function._inference_function.name
        self.num_outputs = len(function.outputs)
        self.checks_left = CHECKED_RUNS

    def run(self, outside):
        ctx = context.context()
        execute = pywrap_tfe.TFE_Py_Execute
        execute = getattr(execute, "__wrapped__", execute)   # not the program's hot ops
        return execute(ctx._handle, ctx.device_name, self.name, outside,
                       _call_attrs() + _EXECUTOR, self.num_outputs)


def _build(chunk, key, outside):
    def run(*flat):
        it = iter(flat)
        made = []
        for node, (_, wiring) in zip(chunk, key):
            operands = [_graph_operand(spec, it) if w is None or w == "constant" else
                        made[w[0]][w[1]] for w, spec in zip(wiring, node.specs)]
            if node.call[0] == "sum":
                results = [gen_math_ops.add_n(operands)]
                made.append(results)
                continue
            _, op_name, attrs, num_inputs, layout, skip, scope = node.call
            ins, outs, grads = _unflat(layout, operands)
            made.append(_as_list(_eager_gradient(op_name, attrs, num_inputs, ins, outs,
                                                 grads, skip, scope)))
        return [g for node, results in zip(chunk, made)
                for out, g in zip(node.outputs, results) if out is not None]

    specs = [tf.TensorSpec(t._shape_tuple(), t.dtype) for t in outside]
    try:
        function = tf.function(run, autograph=False).get_concrete_function(*specs)
    except Exception:       # noqa: BLE001 - the chunk stays eager
        return _STAYS_EAGER
    return _Chunk(function) if _pure(function) else _STAYS_EAGER


def _run_chunk(chunk):
    key = _key(chunk)
    outside = _outside(chunk, key)
    entry = _chunks.get(key, 0)
    if type(entry) is int and entry >= EAGER_RUNS_BEFORE_BUILD:
        entry = _chunks[key] = _build(chunk, key, outside)
        if entry is not _STAYS_EAGER:
            counts.chunk_graphs += 1
    if type(entry) is not _Chunk:
        counts.eager_runs += 1
        counts.eager_nodes += len(chunk)
        _run_eagerly(chunk)
        if entry is not _STAYS_EAGER and (entry or len(_chunks) < MAX_KEYS):
            _chunks[key] = entry + 1
        return
    try:
        results = entry.run(outside)
    except Exception:       # noqa: BLE001 - the chunk stays eager
        results = None
    if entry.checks_left or results is None:
        counts.eager_runs += 1
        counts.eager_nodes += len(chunk)
        _run_eagerly(chunk)
        if results is None or not _same_bits(results, chunk):
            _chunks[key] = _STAYS_EAGER
            counts.mismatches += 1
        else:
            entry.checks_left -= 1
        return
    counts.compiled_runs += 1
    counts.compiled_nodes += len(chunk)
    it = iter(results)
    for node in chunk:
        for out in node.outputs:
            if out is not None:
                out.value = next(it)


def _same_bits(results, chunk):
    want = [out.value for node in chunk for out in node.outputs if out is not None]
    if len(results) != len(want):
        return False
    for got, value in zip(results, want):
        if type(value) is not ops.EagerTensor or got.dtype != value.dtype or \
                got.dtype in _OPAQUE or got._shape_tuple() != value._shape_tuple() or \
                np.asarray(got).tobytes() != np.asarray(value).tobytes():
            return False
    return True


# Run on the calling thread: a chunk's ops are small and in a chain, and handing each to
# the inter-op pool costs more than the op.
_EXECUTOR = ("executor_type", "SINGLE_THREADED_EXECUTOR")
_attrs_cache = [None, None]     # (options object, attrs tuple)


def _call_attrs():
    """janus's graph call options (call_options.py)."""
    options = call_options.options()
    if _attrs_cache[0] is not options:
        attrs = tuple(item for name, value in options.as_attrs().items()
                      if name != "executor_type" for item in (name, value))
        _attrs_cache[:] = [options, attrs]
    return _attrs_cache[1]


def gradient(tape, target, sources, output_gradients=None, sources_raw=None,
             unconnected_gradients=imperative_grad.UnconnectedGradients.NONE):
    """imperative_grad.imperative_grad, with the walk deferred where it can be."""
    _forget_if_library_changed()
    # The code that called tape.gradient (this is called by GradientTape.gradient).
    caller = sys._getframe(2).f_code
    site = _sites.get(caller)
    if site is None:
        site = _sites[caller] = _Site() if len(_sites) < MAX_KEYS else _GAVE_UP
    outer = getattr(_local, "walk", None)
    # An op callback (tf.debugging's, the program's) sees each op eager runs: a chunk
    # would show it other ops.
    if outer is not None or not context.executing_eagerly() or \
            not pywrap_tfe.TFE_Py_TapeSetIsEmpty() or context.context().op_callbacks or \
            site.gave_up() or not _register():
        counts.eager_walks += 1
        # A walk inside a walk (a tape.gradient that a custom gradient, a py_function's
        # gradient or tf.recompute_grad runs while the outer walk calls it) is eager's
        # through and through: its gradients are real tensors.
        _local.walk = None
        try:
            return _eager_walk(tape, target, sources, output_gradients, sources_raw,
                               unconnected_gradients)
        finally:
            _local.walk = outer
    walk = _local.walk = _Walk()
    counts.walks += 1
    nodes, compiled = counts.nodes, counts.compiled_nodes
    # The walk makes a few small objects per node (acyclic: freed as it goes); the
    # cyclic collector, which they would set off, traverses every object the program
    # holds (the tape's, Keras'): a fifth of an actor-critic episode's gradient time.
    # It runs after the walk instead (when the program has it on).
    collecting = gc.isenabled()
    gc.disable()
    try:
        results = _eager_walk(tape, target, sources, output_gradients, sources_raw,
                              unconnected_gradients)
        walk.run_pending()
    finally:
        if collecting:
            gc.enable()
        _local.walk = None
        site.walked(counts.nodes - nodes, counts.compiled_nodes - compiled)
    return [_real(r) for r in results]


def _computed_first(backward_function):
    """A backward function recorded by Python (a tf.function's call, tf.custom_gradient)
    is the program's or TF's own code: it gets real tensors, after the pending nodes."""
    def backward(*out_grads):
        walk = getattr(_local, "walk", None)
        if walk is not None:
            walk.run_pending()
            out_grads = [_real(g) for g in out_grads]
        return backward_function(*out_grads)
    return backward


def _record_with(record_function):
    def record_operation(op_type, output_tensors, input_tensors, backward_function,
                         *args, **kwargs):
        return record_function(op_type, output_tensors, input_tensors,
                               _computed_first(backward_function), *args, **kwargs)
    record_operation.__wrapped__ = record_function
    return record_operation


class _Site:
    """The walks of one code's tape.gradient calls.  Walks that do not repeat (new shapes
    at every call) gain nothing and pay for the deferral: after WALKS_TO_DECIDE walks,
    if under a tenth of the nodes of the last half ran compiled, that code's walks are
    eager's from then on."""
    __slots__ = ("walks", "nodes", "compiled")

    def __init__(self):
        self.walks = self.nodes = self.compiled = 0

    def walked(self, nodes, compiled):
        self.walks += 1
        if self.walks > WALKS_TO_DECIDE // 2:     # the first walks build the chunks
            self.nodes += nodes
            self.compiled += compiled

    def gave_up(self):
        return self.walks >= WALKS_TO_DECIDE and self.compiled * 10 < self.nodes


class _GaveUp:
    @staticmethod
    def gave_up():
        return True


_GAVE_UP = _GaveUp()
_sites: dict = {}     # code calling tape.gradient -> _Site


_installed = False
_registered = None     # True once janus's gradient function and vspace are the tape's


def _register():
    """Give the tape janus's gradient function and vspace, at the first walk janus
    defers: TF refuses a new vspace while a forward accumulator is active (the program
    may be inside one when a step first stays interpreted), and no walk is deferred
    then.  Both hand every call outside a deferred walk to eager's own (one
    thread-local read more): registered once, so no thread's walk sees them swapped
    midway."""
    global _registered
    if _registered is None:
        try:
            pywrap_tfe.TFE_Py_RegisterVSpace(_vspace)
        except Exception:       # noqa: BLE001 - then every walk stays eager's
            _registered = False
            return False
        pywrap_tfe.TFE_Py_RegisterGradientFunction(gradient_function)
        _registered = True
    return _registered


class _LibraryWatch:
    """Stale (a str) once the program changes a builtin (`builtins.max = clipped_max`):
    eager's gradient functions call them at each call (`_MeanGrad` divides by a max()),
    and the traced signatures and chunks hold what they answered when traced."""
    __slots__ = ("stale", "__weakref__")

    def __init__(self):
        self.stale = None


_library_watch = None


def _forget_if_library_changed():
    global _library_watch
    if _library_watch is not None and _library_watch.stale is None:
        return
    _described.clear()
    _chunks.clear()
    _library_watch = _LibraryWatch()
    # (Not janus_ext's whole library watch: settling it here, in the middle of the
    # program's code, took a summary context's setting for a change.)
    janus_ext.watch_dict(vars(builtins), "Python's builtins", _library_watch)


_accumulators_seen = False


def note_forward_accumulator():
    """A tf.autodiff.ForwardAccumulator was entered.  TF's accumulators keep the vspace
    that was the tape's when they were made, and one freed after the vspace changed
    crashes the process (rt30_coexec_forward_accumulator_jvp_penalty): from now on
    janus never changes it, and if it had not yet given the tape its own, no walk is
    deferred."""
    global _accumulators_seen, _registered
    _accumulators_seen = True
    if _registered is None:
        _registered = False


def install():
    """Defer the walks of tapes in interpreted code (once a step stays interpreted)."""
    global _installed
    if not _installed:
        _installed = True
        counters.run_reports["tape_gradients"] = counts.as_dict
        imperative_grad.imperative_grad = gradient
        record.record_operation = _record_with(record.record_operation)
        record.record_operation_backprop_only = _record_with(
            record.record_operation_backprop_only)


def uninstall():
    """Every tape.gradient eager's again (janus stands aside: the program observes the
    interpreter, and janus's Python in the walk would be seen)."""
    global _installed, _registered
    if not _installed:
        return
    imperative_grad.imperative_grad = _eager_walk
    for name in ("record_operation", "record_operation_backprop_only"):
        setattr(record, name, getattr(record, name).__wrapped__)
    if _registered and not _accumulators_seen:
        try:
            pywrap_tfe.TFE_Py_RegisterVSpace(_eager_vspace)
            pywrap_tfe.TFE_Py_RegisterGradientFunction(_eager_gradient)
        except Exception:       # noqa: BLE001 - a forward accumulator is active: janus's
            pass                # stay, handing every call to eager's
    _registered = False
    _installed = False

