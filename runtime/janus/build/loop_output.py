"""Prints and logging calls made in the body of a tf.while_loop → TensorArrays the body
writes once per iteration, and one effect that replays them after the graph: each
iteration's prints, in order, as many times as the loop ran.

The straight-line path (builder.call, heap.call_with_effect) defers a print to the
commit with the values it shows as graph outputs.  In a loop body those values change
every iteration and how many iterations there are is known only at run time.  So each
tensor a body's print shows (and the flag of a print made in a cond arm inside the body,
janus/build/arm_output.py) gets a TensorArray carried by the loop, written at the iteration's
index; after the loop they are stacked into graph outputs, with the iteration count.
At commit, `Replay` prints iteration by iteration from those outputs, each value made
back into what the program printed: the tensor (an EagerTensor of that iteration's
value), the Python number a promoted tensor stands for, the ndarray of `.numpy()`, or a
string formatted from them.

What the body prints is found by tracing it once: a body that prints is traced again
with the arrays (`TraceAgain`).  Each iteration must show tensors of one shape (stack needs
it): a shape that changes fails the graph, and the interpreter runs that call.
"""

import tensorflow as tf

from ..errors import Unsupported
from ..semantics import arrays
from ..state.heap import Effect
from ..values import GraphText, is_symbolic



class TraceAgain(Exception):
    """The body printed: trace the loop again with the arrays its prints need."""


class BodyPrints:
    """The prints of one loop's body: their templates and the arrays they need."""

    def __init__(self, builder):
        self.b = builder
        self.templates = None       # per print: (fn, args, kwargs, flag index or None)
        self.specs = []             # per array: (dtype, shape, how its value is rebuilt)

    def initial(self):
        """Extra loop variables: the iteration count, then one array per value."""
        if not self.templates:
            return []
        return [tf.constant(0)] + [
            tf.TensorArray(dtype, size=0, dynamic_size=True, element_shape=shape)
            for dtype, shape, _ in self.specs]

    def begin(self):
        return len(self.b.heap.effects)

    def discard(self, mark):
        """Drop what a dry run of the body printed (it ran on a scratch graph)."""
        del self.b.heap.effects[mark:]

    def end(self, mark, extra, where):
        """After one trace of the body: take its prints off the heap's effects and give
        the extra loop variables' next values (TraceAgain when the plan was not known)."""
        effects = self.b.heap.effects[mark:]
        del self.b.heap.effects[mark:]
        values, templates = [], []
        for effect in effects:
            if effect.kind != "call" or type(effect.target) is Replay:
                raise Unsupported("a write to Python state, or a print of a loop nested in "
                                  "this one, inside a loop on a tensor", *where)
            args, kwargs = effect.values[:2]
            flag = effect.values[2] if len(effect.values) > 2 else None
            marked = _mark((args, kwargs), values, self.b.provenance.number_of, where)
            flag_index = None
            if flag is not None:
                values.append((tf.convert_to_tensor(flag, tf.bool), None))
                flag_index = len(values) - 1
            templates.append((effect.target, *marked, flag_index))
        specs = [(t.dtype, t.shape, kind) for t, kind in values]
        if self.templates is None:
            self.templates, self.specs = templates, specs
            if specs or templates:
                raise TraceAgain()
            return []
        if len(templates) != len(self.templates) or \
                [(d, k) for d, _, k in specs] != [(d, k) for d, _, k in self.specs]:
            raise Unsupported("the prints of a loop body on a tensor differ between its "
                              "traces", *where)
        if not extra:
            return []
        count, *tensor_arrays = extra
        return [count + 1] + [ta.write(count, t) for ta, (t, _) in zip(tensor_arrays, values)]

    def apply(self, extra):
        """After the loop: one effect that replays every iteration's prints."""
        if not self.templates:
            return
        count, *tensor_arrays = extra
        stacked = [ta.stack() for ta in tensor_arrays]
        self.b.heap.effects.append(Effect(
            "call", Replay(self.templates, [kind for _, _, kind in self.specs]), None,
            ((count, stacked), {})))


class _Leaf:
    """Where a print's template takes the value of array `index` at an iteration."""
    __slots__ = ("index",)

    def __init__(self, index):
        self.index = index


def _mark(value, values, number_of, where):
    """`value` with each tensor it shows replaced by a _Leaf; the tensors appended to
    `values` with how each is rebuilt (a Python type, "ndarray", or None: the tensor)."""
    kind = type(value)
    if is_symbolic(value):
        values.append((value, number_of(value)))
        if values[-1][1] not in (None, bool, int, float):
            raise Unsupported(f"a print of {values[-1][1]} inside a loop on a tensor",
                              *where)
        return _Leaf(len(values) - 1)
    if kind is arrays.ArrayArg:
        if value.argument:
            raise Unsupported("a print of an ndarray argument (the caller's own array)",
                              *where)
        values.append((value.tensor, "ndarray"))
        return _Leaf(len(values) - 1)
    if kind in (tuple, list):
        return kind(_mark(item, values, number_of, where) for item in value)
    if kind is dict:
        return {key: _mark(item, values, number_of, where) for key, item in value.items()}
    if kind is GraphText:
        return GraphText(part if type(part) is str else
                         (_mark(part[0], values, number_of, where), *part[1:])
                         for part in value.parts)
    return value


class Replay:
    """The effect of a loop's prints: called at commit with the count and the stacked
    arrays, it makes each iteration's calls in order."""
    __slots__ = ("templates", "kinds")

    def __init__(self, templates, kinds):
        self.templates, self.kinds = templates, kinds

    def __call__(self, count, stacked):
        for i in range(int(count)):
            at = [_value_at(column[i], kind) for column, kind in zip(stacked, self.kinds)]
            for fn, args, kwargs, flag_index in self.templates:
                if flag_index is None or at[flag_index]:
                    fn(*_fill(args, at), **_fill(kwargs, at))


def _value_at(item, kind):
    """One iteration's value as the program had it."""
    if kind == "ndarray":
        return item.numpy()
    if kind is not None:
        return kind(item.numpy().item())
    return item


def _fill(value, at):
    kind = type(value)
    if kind is _Leaf:
        return at[value.index]
    if kind in (tuple, list):
        return kind(_fill(item, at) for item in value)
    if kind is dict:
        return {key: _fill(item, at) for key, item in value.items()}
    if kind is GraphText:
        return "".join(part if type(part) is str else
                       GraphText.render(_fill(part[0], at), part[1], part[2])
                       for part in value.parts)
    return value
