"""A recursive Python function → a pair of recursive TF graph functions (the paper's InvokeOp).

The forward function R calls itself at each recursive call site; the backward function
R_grad (recursive backprop) calls itself at the same sites.  Independent calls run in
parallel on TF's executor, and nothing is unrolled per input.

How it is put together (docs/DESIGN.md#recursive-graph-functions: the only recipe found
to work in TF 2.21):
- The body is traced once as an ordinary graph function.  A recursive call site emits a
  StatefulPartitionedCall to R's final name as a placeholder.
- The traced FunctionDefs (the body and the branch functions of its conds) are then
  rewritten: each placeholder call becomes a *direct call node* whose op type is R's
  name, and every function gets a fresh name.  R carries `_noinline`, is registered with
  the eager context, and is called from other graphs through StatefulPartitionedCall.
- Everything R reads from outside (variables, constants) is captured in a fixed order and
  passed on explicitly at every recursive call, so nested conds see the same captures.
- Forward values for the backward pass: each call instance of R takes a fresh key and
  stashes, per call site, its callee's outputs and key (janus_ops JanusStash).  R_grad
  for that instance re-runs the instance's own body (one level, not the subtree) with
  the callees' outputs unstashed, differentiates it, and hands each callee's output
  gradients to R_grad of the callee's key: O(nodes), not O(nodes x depth).
- All stashed values and object pointers live in the graph call's arena (a call id),
  released by the executor after the call.
"""

import ctypes
import itertools
import os

import tensorflow as tf
from tensorflow.python.eager import context
from tensorflow.python.framework import ops
from tensorflow.python.ops import gen_functional_ops

from . import eager_config

_LIBRARY = os.path.join(os.path.dirname(__file__), "_janus_ops.so")
janus_ops = tf.load_op_library(_LIBRARY)
# PyDLL: the release drops Python references, so it must run with the GIL held.
_native = ctypes.PyDLL(_LIBRARY)
_native.janus_release_call.argtypes = [ctypes.c_int64]
_native.janus_release_call.restype = ctypes.c_int
_native.janus_live_calls.restype = ctypes.c_int

# JanusGetAttr kinds (janus_ops.cc)
OBJECT, OBJECT_OR_NONE, INT, FLOAT, BOOL = range(5)

_serial = itertools.count()
_call_ids = itertools.count(1)


def new_call_id() -> int:
    return next(_call_ids)


def release_call(call_id) -> int:
    """Drop the object references and stashed tensors of a finished graph call."""
    return _native.janus_release_call(call_id)


def live_calls() -> int:
    return _native.janus_live_calls()


def get_attr(pointer, call_id, name, kind, owner_type, value_type=None):
    dtype = {FLOAT: tf.float64, BOOL: tf.bool}.get(kind, tf.int64)
    return janus_ops.janus_get_attr(pointer, call_id, dtype=dtype, attribute=name, kind=kind,
                                    owner_type=id(owner_type),
                                    value_type=id(value_type) if value_type else 0)


def _differentiable(dtype):
    return dtype.is_floating or dtype == tf.resource


def _value_of(tensor, original):
    """What a custom gradient differentiates for a capture: a variable's value, not its
    handle (cond_v2 cannot take gradients through resource tensors in a branch).
    `original`: the eager capture, which knows the variable's dtype."""
    if tensor.dtype != tf.resource:
        return tensor
    return tf.raw_ops.ReadVariableOp(resource=tensor, dtype=_gradient_spec(original)[0])


def _gradient_spec(tensor):
    """The gradient's dtype and shape for an input: a variable's value for a handle."""
    if tensor.dtype != tf.resource:
        return tensor.dtype, tensor.shape
    data = tensor._handle_data.shape_and_type[0]
    return tf.as_dtype(data.dtype), tf.TensorShape(data.shape)


class RecursiveFunction:
    """R and R_grad for one recursive Python function under one signature.

    `body(call_id, explicit, recurse)` runs the function's body (the janus builder does
    this) and returns its flat outputs; it calls `recurse(args)` at each recursive call
    site, with the callee's explicit inputs, and uses what it returns as the callee's
    outputs.  `explicit_specs`: the explicit inputs (object pointers, tensors);
    `output_specs`: the flat outputs, from the profile.
    """

    def __init__(self, label, body, explicit_specs, output_specs):
        serial = next(_serial)
        self.name = f"janus_rec_{label}_{serial}"
        self.grad_name = f"janus_rec_grad_{label}_{serial}"
        self.body = body
        self.explicit_specs = list(explicit_specs)
        self.output_specs = list(output_specs)
        self.externals: list = []
        self._returns: dict = {}     # registered function name -> its output arg names
        with ops.init_scope():      # eager: captures are eager tensors, not this graph's
            self._define_forward()
            self._define_backward()

    # -- calling ---------------------------------------------------------------------

    def call(self, call_id, explicit):
        """R(explicit) in the current graph, differentiable through R_grad."""
        explicit = list(explicit)
        # Captured into the calling graph first: a gradient function that captured the
        # eager tensors directly would break cond_v2's gradient when the call sits in
        # a cond arm.
        graph = ops.get_default_graph()
        externals = [graph.capture(e) for e in self.externals]
        grad_externals = [graph.capture(e) for e in self.grad_externals]

        def run_r(args):
            outputs = self._invoke(self.name, [call_id, *args, *externals],
                                   [s.dtype for s in self.output_specs] + [tf.int64])
            return self._shaped(outputs[:-1]), outputs[-1]

        # Reading the variables here (not the raw handles) lets the caller's tape watch
        # them, as it would for any variable the step reads.
        captures = [None if not _differentiable(e.dtype) else
                    self._variables[i].value() if i in self._variables
                    else _value_of(e, self.externals[i]) for i, e in enumerate(externals)]
        return self._with_recursive_gradient(call_id, explicit, captures, run_r,
                                             grad_externals)

    def _with_recursive_gradient(self, call_id, explicit, captures, produce,
                                 grad_externals):
        """`produce(args)` → (values, key), differentiable through R_grad of `key`.
        `captures`: what stands for each capture in the gradient (values, not
        handles)."""
        # What the gradient function refers to is taken into the graph this call sits
        # in (a cond arm's, in R or R_grad): a tensor of an enclosing graph would be a
        # placeholder the arm's own gradient is never fed.
        explicit = _in_current_graph(explicit)
        grad_externals = _in_current_graph(grad_externals)
        diff_explicit = [i for i, s in enumerate(self.explicit_specs) if s.dtype.is_floating]
        diff_external = [i for i, e in enumerate(self.externals) if _differentiable(e.dtype)]

        @tf.custom_gradient
        def differentiable_call(*differentiable):
            args = list(explicit)
            for slot, value in zip(diff_explicit, differentiable):
                args[slot] = value
            values, key = produce(args)

            def gradient(*output_grads):
                return self._input_grads(self._backward_call(
                    call_id, key, args, values, output_grads, grad_externals))

            return values, gradient

        return differentiable_call(*[explicit[i] for i in diff_explicit],
                                   *[captures[i] for i in diff_external])

    def _backward_call(self, call_id, key, args, values, output_grads, grad_externals):
        grads = [tf.zeros_like(v) if g is None else tf.convert_to_tensor(g)
                 for v, g in zip(values, output_grads)]
        return self._invoke(self.grad_name, [call_id, key, *args, *grads, *grad_externals],
                            self._grad_dtypes)

    @staticmethod
    def _invoke(name, args, dtypes):
        # The node's config is the one TF instantiates R under: eager's numerics.
        return list(gen_functional_ops.stateful_partitioned_call(
            args=args, Tout=dtypes, f=name, config_proto=eager_config.call_node_config()))

    def _shaped(self, values):
        for value, spec in zip(values, self.output_specs):
            value.set_shape(spec.shape)
        return list(values)

    # -- the forward function R --------------------------------------------------------

    def _define_forward(self):
        specs = [tf.TensorSpec([], tf.int64), *self.explicit_specs]
        traced, self.externals = self._trace_settled(self._forward_body, specs, [])
        by_handle = {id(v.handle): v for v in traced.variables}
        self._variables = {i: by_handle[id(e)] for i, e in enumerate(self.externals)
                           if id(e) in by_handle}
        self._register(traced, self.name)

    def _trace_settled(self, fn, specs, externals):
        """Trace `fn` with `externals` captured first, in order; again while the trace
        captures more (a recursive call must pass on every capture, in one order)."""
        for _ in range(4):
            self._capturing = externals
            traced = self._trace(fn, specs)
            found = list(traced.graph.external_captures)
            if len(found) == len(externals) and all(a is b for a, b in zip(found, externals)):
                return traced, externals
            externals = found
        raise RuntimeError("janus: the recursive body's captures do not settle")

    def _forward_body(self, call_id, *explicit):
        captured = self._capture_externals()
        key = janus_ops.janus_new_key(call_id)
        sites = itertools.count()

        def recurse(args):
            outputs = self._invoke(self.name, [call_id, *args, *captured],
                                   [s.dtype for s in self.output_specs] + [tf.int64])
            site = next(sites)
            janus_ops.janus_stash(call_id, key, site, outputs)
            return self._shaped(outputs[:-1])

        outputs = self.body(call_id, list(explicit), recurse)
        return [*outputs, key]

    def _capture_externals(self):
        graph = ops.get_default_graph()
        return [graph.capture(e) for e in self._capturing]

    # -- the backward function R_grad ----------------------------------------------------

    def _define_backward(self):
        # A variable read only by gathers (an embedding) gets its gradient as
        # IndexedSlices, as eager TF gives it: a dense gradient would change what the
        # user sees (clip_by_global_norm over slices sums their rows' squares).  Which
        # ones do is learnt from a probe trace that differentiates one call's own body
        # only (the callees' outputs held constant).
        specs = [tf.TensorSpec([], tf.int64), tf.TensorSpec([], tf.int64),
                 *self.explicit_specs, *self.output_specs]
        self._sparse, self._found_sparse, self._probing = {}, {}, True
        try:
            self._trace_settled(self._backward_body, specs, list(self.externals))
        finally:
            self._probing = False
        self._sparse, self._found_sparse = self._found_sparse, {}
        traced, grad_externals = self._trace_settled(self._backward_body, specs,
                                                     list(self.externals))
        if self._found_sparse != self._sparse:
            raise RuntimeError("janus: the recursive gradient's sparsity is not stable")
        self.grad_externals = grad_externals
        self._register(traced, self.grad_name)

    def _gradient_slots(self):
        """(capture index or None, dtype, shape, sparse index dtype) per differentiable
        input, in order: the floating explicit inputs, then the differentiable
        captures."""
        slots = [(None, s.dtype, s.shape, None) for s in self.explicit_specs
                 if s.dtype.is_floating]
        for i, e in enumerate(self.externals):
            if _differentiable(e.dtype):
                dtype, shape = _gradient_spec(e)
                slots.append((i, dtype, shape, self._sparse.get(i)))
        return slots

    @property
    def _grad_dtypes(self):
        dtypes = []
        for _, dtype, _, sparse in self._gradient_slots():
            dtypes += [dtype] if sparse is None else [dtype, sparse]
        return dtypes

    def _input_grads(self, flat):
        """R_grad's flat outputs → one gradient per differentiable input."""
        flat, grads = list(flat), []
        for _, dtype, shape, sparse in self._gradient_slots():
            if sparse is None:
                # Shaped like its input: updates made with it then cannot fail on
                # shapes (janus/graph/atomic.py needs no snapshot for them).
                grad = flat.pop(0)
                grad.set_shape(shape)
                grads.append(grad)
            else:
                values, indices = flat.pop(0), flat.pop(0)
                values.set_shape([None] + shape.as_list()[1:])
                # int32 dense_shape, as a gather's own gradient has it (cond_v2 merges
                # slices only when their specs agree).
                grads.append(tf.IndexedSlices(values, indices,
                                              tf.constant(shape.as_list(), tf.int32)))
        return grads

    def _backward_body(self, call_id, key, *rest):
        explicit = list(rest[:len(self.explicit_specs)])
        output_grads = list(rest[len(explicit):])
        captured = self._capture_externals()
        externals = captured[:len(self.externals)]      # R's, in R's order
        sites = itertools.count()
        out_dtypes = [s.dtype for s in self.output_specs]

        def recurse(args):
            site = next(sites)
            stashed = janus_ops.janus_unstash(call_id, key, site, T=out_dtypes + [tf.int64])
            values, callee_key = self._shaped(stashed[:-1]), stashed[-1]
            if self._probing:
                return [tf.stop_gradient(v) for v in values]
            return self._stashed_call(call_id, callee_key, list(args), values, captured)

        outputs = self.body(call_id, explicit, recurse)
        sources = [x for x in explicit if x.dtype.is_floating] + \
            [e for e in externals if _differentiable(e.dtype)]
        floats = [(o, g) for o, g in zip(outputs, output_grads) if o.dtype.is_floating]
        grads = tf.gradients([o for o, _ in floats], sources,
                             grad_ys=[g for _, g in floats])
        result = []
        for grad, (external, dtype, shape, sparse) in zip(grads, self._gradient_slots()):
            if isinstance(grad, tf.IndexedSlices) and external is not None:
                self._found_sparse[external] = grad.indices.dtype
            if sparse is None:
                result.append(tf.zeros(shape, dtype) if grad is None
                              else tf.convert_to_tensor(grad))
            elif grad is None:
                result += [tf.zeros([0] + shape.as_list()[1:], dtype), tf.zeros([0], sparse)]
            elif isinstance(grad, tf.IndexedSlices):
                result += [grad.values, tf.cast(grad.indices, sparse)]
            else:      # dense after all: _define_backward refuses this trace
                result += [grad, tf.range(tf.shape(grad, out_type=sparse)[0])]
        return result

    def _stashed_call(self, call_id, key, args, values, grad_externals):
        """A callee's outputs as stashed by the forward pass, whose gradient is the
        callee's own R_grad."""
        # What is differentiated reads the eager captures, not this graph's
        # placeholders for them: a cond arm then captures the same outer value as the
        # body's own reads do, so the cond has one input per capture and its gradient
        # stays sparse.  The gradient function itself takes the placeholders
        # (`grad_externals`; cond_v2 cannot resolve eager captures of a gradient).
        captures = [_value_of(e, e) if _differentiable(e.dtype) else None
                    for e in self.externals]
        return self._with_recursive_gradient(
            call_id, args, captures, lambda _: ([tf.identity(v) for v in values], key),
            grad_externals)

    # -- FunctionDef surgery ------------------------------------------------------------

    @staticmethod
    def _trace(fn, specs):
        return tf.function(fn, autograph=False).get_concrete_function(*specs)

    def _register(self, traced, name):
        """Register `traced` as `name`, with its self-calls made direct call nodes."""
        library = list(traced.graph.as_graph_def().library.function)
        main = traced.function_def
        self._returns[name] = [arg.name for arg in main.signature.output_arg]
        suffix = f"_j{next(_serial)}"
        renames = {f.signature.name: f.signature.name + suffix for f in library}
        renames[main.signature.name] = name
        defs = [f for f in library if f.signature.name != main.signature.name] + [main]
        for fdef in defs:
            _rewrite(fdef, renames, self._returns)
        main.attr["_noinline"].b = True
        ctx = context.context()
        for fdef in defs:
            ctx.add_function_def(fdef)


def _in_current_graph(values):
    graph = ops.get_default_graph()
    if not hasattr(graph, "capture"):
        return list(values)
    return [graph.capture(v) if isinstance(v, tf.Tensor) and v.graph is not graph else v
            for v in values]


def _rewrite(fdef, renames, returns):
    """Rename functions; turn calls of the recursive functions into direct call nodes."""
    fdef.signature.name = renames.get(fdef.signature.name, fdef.signature.name)
    direct = {}
    for node in fdef.node_def:
        for attr in node.attr.values():
            if attr.HasField("func"):
                attr.func.name = renames.get(attr.func.name, attr.func.name)
            for func in attr.list.func:
                func.name = renames.get(func.name, func.name)
        if node.op in ("PartitionedCall", "StatefulPartitionedCall"):
            target = node.attr["f"].func.name
            if target in returns:
                node.op = target
                node.ClearField("attr")
                direct[node.name] = returns[target]

    def fix(ref):
        parts = ref.split(":")
        if len(parts) == 3 and parts[0] in direct and parts[1] == "output":
            return f"{parts[0]}:{direct[parts[0]][int(parts[2])]}:0"
        return ref

    for node in fdef.node_def:
        node.input[:] = [fix(ref) for ref in node.input]
    for key in list(fdef.ret):
        fdef.ret[key] = fix(fdef.ret[key])
