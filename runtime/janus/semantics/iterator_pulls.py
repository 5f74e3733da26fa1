"""`next(it)` and `it.get_next()` of a tf.data iterator from outside the step (a
`train_step(iterator)` that takes its own batch) → the interpreter's own elements,
pulled from the iterator just before the graph runs and fed to it as inputs.

An element depends only on where the iterator stands when the dataset's pipeline sees
nothing outside the iterator: no Python, no variable or other resource, no file, no
print (pipeline_refusal, checked before anything is pulled).  Nothing the step does
before its `next()` can change what that `next()` gives, so the executor can make the
very pulls the interpreter would make, in program order, before the graph runs:

- the build pulls the elements of the call being built (their exact shapes are the
  graph's, as an argument's are; the call then runs on them), and each later call pulls
  its own after the entry guards held;
- when the call does not finish in the graph (a build refused or raised, a check
  failed, any error), every element it pulled is handed back: the iterator gives them
  again, in order, to the interpreter's re-run of the call.  An error the pull met (the
  data ran out: OutOfRangeError, which `next()` turns into StopIteration; a map function
  that failed on an element) is handed back the same way, and the interpreter meets it
  where eager meets it.  The re-run takes all of them, since nothing before the step's
  last pull may fail (build/iteration.py pull_from): its path up to there is the build's;
- an element whose shape is not the graph's (the partial last batch of an epoch) sends
  that call to the interpreter with what it pulled so far handed back, and no later pull
  is made; after more than cache.EXACT_SIZES shapes the pull is built with the
  dimensions that differ left open.

Handing back puts an `_Replay` on the iterator object as its `_next_internal` (the
method `__next__` and `get_next()` call) and `get_next_as_optional`, taken off again when
the last element handed back is taken (docs/soundness.md#data-iterators).

Refused, with the reason: a pull inside a branch or loop on a tensor, a body library
code traces, or a recursive function (how many elements a call takes is known only at
run time); an iterator whose pipeline sees outside it (above); elements other than
dense tensors (ragged, sparse, nested datasets); a subclass of the iterator class, and
an iterator made without a dataset.
"""

import functools
import re
import threading
import weakref

import tensorflow as tf
from tensorflow.python.data.ops import iterator_ops, optional_ops
from tensorflow.python.data.util import structure
from tensorflow.python.eager import context
from tensorflow.python.framework import op_def_registry
from tensorflow.python.ops import gen_dataset_ops

from ..errors import Raises, Unsupported
from . import random_ops

ITERATOR = iterator_ops.OwnedIterator
_NEXT_INTERNAL = ITERATOR._next_internal
# Ops in a dataset's functions that run Python (from_generator's generator is one).
_PYTHON_OPS = frozenset({"PyFunc", "PyFuncStateless", "EagerPyFunc"})
# Stateful ops whose state is the iterator's own (a check, control flow whose bodies are
# checked op by op, the seeds of a shuffle inside an interleave); random kernels and
# dataset ops are too (_outside_state).
_PRIVATE_STATE = frozenset({"Assert", "CheckNumerics", "CheckNumericsV2", "If", "While",
                            "PartitionedCall", "StatefulPartitionedCall",
                            "DummySeedGenerator", "AnonymousSeedGenerator"})
_DATASET_OP = re.compile(r"Dataset(V\d+)?$")


class PullRaised(Exception):
    """A pull before the graph met an error or an element of another shape: the
    interpreter runs the call, and the elements go back to the iterator first."""

    def __init__(self, reason, shape_of=None):
        super().__init__(reason)
        self.shape_of = shape_of      # (pull index, shapes seen) for a shape that differs


class IteratorPulls:
    """The pulls of one graph being built, and the elements of the call running it."""

    def __init__(self):
        # (weak reference to the iterator, its element's shapes in the graph, its
        # element_spec) per pull, in program order
        self.pulls = []

    def __bool__(self):
        return bool(self.pulls)

    # -- build time ------------------------------------------------------------------

    def pull(self, b, iterator, code, offset):
        """The graph's value for the next element of `iterator` at every call."""
        if b.open_regions.depth or b.recursion.call_ids or b.in_library_body():
            raise Unsupported("next() of a tf.data iterator inside a branch or loop on a "
                              "tensor, a body library code traces, or a recursive "
                              "function: how many elements a call takes is known only at "
                              "run time", code, offset)
        graph = b.target.root_graph
        if graph is None:
            raise Unsupported("next() of a tf.data iterator before the graph exists",
                              code, offset)
        element_spec = iterator.element_spec
        specs = tf.nest.flatten(element_spec, expand_composites=False)
        if not all(type(spec) is tf.TensorSpec for spec in specs):
            kinds = sorted({type(s).__name__ for s in specs if type(s) is not tf.TensorSpec})
            raise Unsupported(f"next() of a tf.data iterator whose elements hold "
                              f"{', '.join(kinds)}: janus feeds dense tensors", code, offset)
        if not replaced_by_janus_only(iterator):
            raise Unsupported("next() of a tf.data iterator whose _next_internal the "
                              "program replaced", code, offset)
        refusal = pipeline_refusal(iterator)
        if refusal is not None:
            raise Unsupported(f"next() of a tf.data iterator whose dataset {refusal}: "
                              "janus takes the element before the graph runs, and eager "
                              "takes it where the step asks", code, offset)
        index = len(self.pulls)
        outcome = CALL.outcome(iterator, sum(1 for ref, *_ in self.pulls if ref() is iterator))
        if isinstance(outcome, BaseException):
            raise Raises(f"next() of the tf.data iterator raises {type(outcome).__name__}"
                         " (the interpreter runs this call and meets it)", code, offset)
        flat = outcome
        seen = b.plan.widened_pulls.get(index)
        if seen is None:
            shapes = [t.shape for t in flat]
            b.plan.pull_shapes.setdefault(index, set()).add(
                tuple(tuple(shape.as_list()) for shape in shapes))
        else:
            shapes = [_widest([shape_tuple[i] for shape_tuple in seen])
                      for i in range(len(specs))]
        placeholders = []
        with graph.as_default():
            for i, (spec, shape) in enumerate(zip(specs, shapes)):
                placeholders.append(graph.capture_call_time_value(
                    _feeder(index, i), tf.TensorSpec(shape, spec.dtype)))
        self.pulls.append((weakref.ref(iterator), shapes, element_spec))
        element = tf.nest.pack_sequence_as(element_spec, placeholders)
        _note_made(b, element)
        return element

    # -- call time -------------------------------------------------------------------

    def take(self):
        """Before the graph call: every pull, in program order, checked against the
        shapes the graph was built for."""
        counts = {}
        elements = []
        for index, (ref, shapes, element_spec) in enumerate(self.pulls):
            iterator = ref()
            # (Its identity is guarded: a freed one failed the entry guards.)
            if iterator is None or iterator._element_spec is not element_spec or \
                    not replaced_by_janus_only(iterator):
                raise PullRaised("the tf.data iterator was changed")
            k = counts.get(id(iterator), 0)
            counts[id(iterator)] = k + 1
            outcome = CALL.outcome(iterator, k)
            if isinstance(outcome, BaseException):
                raise PullRaised(f"next() of the tf.data iterator raised "
                                 f"{type(outcome).__name__}")
            flat = outcome
            for tensor, shape in zip(flat, shapes):
                if not shape.is_compatible_with(tensor.shape):
                    raise PullRaised(
                        f"the tf.data iterator gave an element of shape {tensor.shape}, "
                        f"the graph's is {shape}",
                        (index, tuple(tuple(t.shape.as_list()) for t in flat)))
            elements.append(flat)
        CALL.feeding, CALL.used = elements, counts


def _note_made(b, element):
    """The dicts and lists of an element are new at each pull, as eager's are: the
    step's own containers."""
    if isinstance(element, (dict, list)):
        b.note_created(element)
    if isinstance(element, (dict, list, tuple)):
        for item in element.values() if isinstance(element, dict) else element:
            _note_made(b, item)


def _feeder(index, component):
    return lambda: CALL.feeding[index][component]


def _widest(shapes):
    """The shape that admits each of `shapes` (tuples of one rank: the element_spec
    fixes it): the dimensions that differ left open."""
    first = shapes[0]
    return tf.TensorShape([None if any(s[d] != first[d] for s in shapes) else first[d]
                           for d in range(len(first))])


def replaced_by_janus_only(iterator):
    """The iterator's `_next_internal` is its class's, or janus's _Replay."""
    own = iterator.__dict__.get("_next_internal")
    return own is None or type(own) is _Replay


# -- the elements one call pulled ------------------------------------------------------

class _CallPulls(threading.local):
    """Every element the call janus is entering on this thread pulled, per iterator and
    in order: a build and the graph run after it share them, and what the call does not
    consume (it ran in the interpreter) is handed back at its end
    (executor.CodeState.enter)."""

    def __init__(self):
        self.taken = {}          # id(iterator) -> (iterator, [outcome, ...])
        self.feeding = ()        # this graph call's flat elements, by pull index
        self.used = {}           # id(iterator) -> how many of its elements the graph takes

    def outcome(self, iterator, k):
        """The k-th element of `iterator` in this call as a list of its tensors (or the
        error the pull met), pulled now if the call has not pulled it yet."""
        entry = self.taken.get(id(iterator))
        if entry is None:
            entry = self.taken[id(iterator)] = (iterator, [])
        outcomes = entry[1]
        while len(outcomes) <= k:
            if outcomes and isinstance(outcomes[-1], BaseException):
                return outcomes[-1]
            outcomes.append(_pull(iterator))
        return outcomes[k]

    def consumed(self):
        """The graph ran on the elements it took: they are the program's, as eager's
        pulls would be.  Any others (a build of this call that was dropped took more)
        are handed back at the call's end."""
        for key, count in self.used.items():
            iterator, outcomes = self.taken[key]
            del outcomes[:count]
            if not outcomes:
                del self.taken[key]
        self.feeding, self.used = (), {}

    def hand_back(self):
        """The call runs in the interpreter: its pulls will give these again."""
        taken, self.taken, self.feeding, self.used = self.taken, {}, (), {}
        for iterator, outcomes in taken.values():
            if outcomes:
                _Replay.put(iterator, [
                    outcome if isinstance(outcome, BaseException) else
                    structure.from_compatible_tensor_list(iterator._element_spec, outcome)
                    for outcome in outcomes])


CALL = _CallPulls()


def _pull(iterator):
    """What the interpreter's next pull of `iterator` would give, as the list of the
    element's tensors, or the error it would raise (OutOfRangeError at the end of the
    data)."""
    own = iterator.__dict__.get("_next_internal")     # replaced_by_janus_only
    if own is not None:
        pull = own                                        # elements handed back
    elif context.is_async():
        pull = functools.partial(_NEXT_INTERNAL, iterator)
    else:
        # The op _next_internal runs, without its switch to synchronous execution (the
        # default already): ~95 of its ~160 µs (measured).
        pull = functools.partial(
            gen_dataset_ops.iterator_get_next, iterator._iterator_resource,
            output_types=iterator._flat_output_types,
            output_shapes=iterator._flat_output_shapes)
    # Eagerly, as the interpreter pulls, also while a build traces the step.
    with tf.init_scope():
        try:
            return tf.nest.flatten(pull())
        except tf.errors.OpError as exc:     # where the data ends, or the element the
            return exc                       # pipeline failed on: the program's


class _Replay:
    """An iterator's own `_next_internal` while it holds elements handed back: each call
    gives the next of them (or raises the error handed back), and the last one taken
    leaves the iterator as it was."""

    __slots__ = ("iterator", "outcomes")

    def __init__(self, iterator, outcomes):
        # Weakly: the iterator's dict holds this object.
        self.iterator, self.outcomes = weakref.ref(iterator), outcomes

    @staticmethod
    def put(iterator, outcomes):
        own = iterator.__dict__.get("_next_internal")
        if type(own) is _Replay:
            own.outcomes[:0] = outcomes
            return
        replay = _Replay(iterator, list(outcomes))
        iterator.__dict__["_next_internal"] = replay
        iterator.__dict__["get_next_as_optional"] = replay.as_optional

    def _take(self):
        outcome = self.outcomes.pop(0)
        iterator = self.iterator()
        if not self.outcomes and iterator is not None:
            iterator.__dict__.pop("_next_internal", None)
            iterator.__dict__.pop("get_next_as_optional", None)
        return outcome

    def __call__(self):
        outcome = self._take()
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome

    def as_optional(self):
        spec = self.iterator().element_spec
        outcome = self._take()
        if isinstance(outcome, tf.errors.OutOfRangeError):
            return optional_ops.Optional.empty(spec)
        if isinstance(outcome, BaseException):
            raise outcome
        return optional_ops.Optional.from_value(outcome)


def pipeline_refusal(iterator):
    """Why the pulls of `iterator` cannot be made before the graph, or None: its
    dataset's functions (map, filter, interleave, from_generator ...) run Python, hold
    a resource (a variable, a lookup table: the step may change it before its next()),
    or run a stateful op whose state is not the iterator's own (a file write, a print).
    Files a source dataset reads (TFRecordDataset) are read ahead by tf.data itself."""
    dataset = getattr(iterator, "_dataset", None)
    if dataset is None:
        return "is not known (the iterator was made from its components)"
    seen, stack = set(), [dataset]
    while stack:
        ds = stack.pop()
        if id(ds) in seen:
            continue
        seen.add(id(ds))
        for wrapper in ds._functions():
            concrete = wrapper.function
            graph_def = concrete.graph.as_graph_def()
            nodes = list(graph_def.node)
            for function in graph_def.library.function:
                nodes.extend(function.node_def)
            ops = {node.op for node in nodes}
            if ops & _PYTHON_OPS:
                return "runs Python in its pipeline (from_generator, py_function)"
            if any("Variable" in op for op in ops):
                return "reads a tf.Variable in its pipeline"
            if any(internal.dtype == tf.resource for _, internal in concrete.graph.captures):
                return ("holds a resource in its pipeline (a lookup table, a random "
                        "generator)")
            outside = next((node.op for node in nodes if _outside_state(node)), None)
            if outside is not None:
                return (f"runs {outside} in its pipeline (an op with state outside the "
                        "iterator: a file, a print, a cache)")
        stack.extend(ds._inputs())
    return None


def _outside_state(node):
    """Whether an op of a dataset's function reads or changes something outside the
    iterator, which the step could change or see before its next()."""
    if "File" in node.op:              # ReadFile is not marked stateful
        return True
    op_def = op_def_registry.get(node.op)
    if op_def is None or not op_def.is_stateful:
        return False
    return not (node.op in _PRIVATE_STATE or _DATASET_OP.search(node.op) or
                random_ops.is_random_kernel(node))
