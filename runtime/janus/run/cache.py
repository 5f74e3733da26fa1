"""Graphs of one code object, keyed by their guards → the graph a call may run, or a miss.

Most recently used first; at most RECOMPILE_LIMIT graphs are built per code object, after
which the code runs in the interpreter.

A tensor dimension that varies between calls gets a graph per size first, as tf.function
traces one per shape: the full batches and the partial last one, a few sequence
buckets.  Library code decides on static shapes in Python, and with a dimension left
open (None) it may decide otherwise than for eager's number (keras.ops.array_split's
chunk sizes, searchsorted's index dtype, a softmax's size-one warning), which no guard
sees.  Only once a dimension has taken more than EXACT_SIZES sizes is it relaxed:
(4, 8), (3, 8), (2, 8), then (5, 8) builds (?, 8), not one graph per size
(docs/soundness.md#shapes-that-vary).
"""

import threading

from tensorflow.python.ops.resource_variable_ops import BaseResourceVariable

import janus_ext

from .. import guards
from ..plan import Plan
from ..state import library_state

RECOMPILE_LIMIT = 12      # exact graphs per batch size come first (EXACT_SIZES): room for them
# A graph that ran this many calls before an object its guards name was freed (each
# epoch's new tf.data iterator, a new model per trial of a sweep) paid for its build:
# that build does not count toward RECOMPILE_LIMIT, which stops builds that do not pay.
PAID_OFF_RUNS = 32
EXACT_SIZES = 3       # graphs per varying dimension built for exact sizes before relaxing
NO_GRAPH = "no graph yet"      # the miss of a cache that holds no graph
_GONE = object()      # an accessor that cannot be read statically


def _in_argument(acc):
    """An argument, or an item of one (the places inputs.py plans)."""
    while acc[0] == janus_ext.A_ITEM:
        acc = acc[1]
    return acc[0] == janus_ext.A_ARG


class GraphCache:
    def __init__(self, arg_names):
        self.arg_names = arg_names
        self.entries: list = []            # CompiledGraph, most recently used first
        self.builds = 0
        self.paid_off = 0         # builds of graphs that ran PAID_OFF_RUNS calls, then freed
        self.plan = Plan()      # what a miss teaches the next build: dimensions, numbers

    def lookup(self, args):
        """(graph, None) on a hit; (None, reason) on a miss."""
        entries = self.entries
        newest_failure = -1
        stale = False
        janus_ext.settle_library_state()
        for graph in entries:
            # Every graph's, not only up to the first stale one: a later graph kept
            # contents that changed too, and it would run next.
            if graph.pinned_contents and graph.stale is None:
                graph.stale = library_state.changed_contents(graph.pinned_contents)
            stale = stale or graph.stale is not None
        if stale:
            why = self._drop_stale()
            if not entries:
                return None, why
        freed = []
        thread = threading.get_ident()
        for index, graph in enumerate(entries):
            if graph.thread is not None and graph.thread != thread:
                if index == 0:
                    newest_failure = None
                continue          # built from another thread's library state
            failed = janus_ext.check_guards(graph.guards, args)
            if failed == -1:
                if index:
                    entries.insert(0, entries.pop(index))
                return graph, None
            if index == 0:
                newest_failure = failed
            if guards.names_freed(graph.guards[failed]):
                freed.append(graph)     # it can never run again
        if not entries:
            return None, NO_GRAPH
        newest = entries[0]
        if newest_failure is None:
            why = "built in another thread (Keras' state there is that thread's)"
        else:
            self._relax(newest, args)
            why = guards.explain_failure(newest.guards[newest_failure], args,
                                         self.arg_names)
        for graph in freed:
            if graph.runs >= PAID_OFF_RUNS:
                self.paid_off += 1
            self.drop(graph)
        return None, why

    def _relax(self, graph, args):
        plan = self.plan
        # A number any graph was specialised on that now holds another value varies:
        # not only the newest graph's (a counter only one of two graphs reads, the
        # other chosen by an identity or a flag, would otherwise never be carried).
        for older in self.entries:
            for guard in older.guards:
                if guard[0] == guards.G_EQ and guard[2] in (int, float):
                    value = guards.read(guard[1], args, _GONE)
                    # Same type, another value (0.0 → -0.0 too): a number that varies.
                    if type(value) is guard[2] and not janus_ext.same_value(value, guard[3]) \
                            and not plan.never_vary:
                        plan.varying.add(guards.describe_accessor(guard[1], self.arg_names))
        # Every tensor input whose dimension changed, not only the first guard that
        # failed: images (64, 8, 8, 1) and labels (64,) shrink to 29 together.  Values
        # are read as the checker reads them, so no code of the program runs here.
        for guard in graph.guards:
            if guard[0] == guards.G_EQ:
                continue
            if guard[0] == guards.G_ELEMENTS and guard[2] is list:
                value = guards.read(guard[1], args, _GONE)
                # A list of numbers whose numbers changed (a window of recent losses):
                # its items are read at call time (reads.value_at).
                if type(value) is list and value and not plan.never_vary and \
                        all(type(v) in (int, float) for v in value):
                    plan.varying.add(guards.describe_items(guard[1], self.arg_names))
                continue
            if guard[0] == guards.G_LEN:
                value = guards.read(guard[1], args, _GONE)
                # A list that grows between calls (a history): its len() is read at
                # call time (reads.py _list_length).
                if type(value) is list and len(value) != guard[2] and not plan.never_vary:
                    plan.varying.add(guards.describe_length(guard[1], self.arg_names))
                continue
            if guard[0] == guards.G_IS and issubclass(guard[3], BaseResourceVariable) \
                    and _in_argument(guard[1]):
                # Another variable in an argument: its handle becomes a graph input.
                value = guards.read(guard[1], args, _GONE)
                if isinstance(value, BaseResourceVariable) and \
                        value is not guards.named(guard[2]):
                    plan.varying.add(guards.describe_accessor(guard[1], self.arg_names))
                continue
            if guard[0] != guards.G_TENSOR or plan.never_relax:
                continue
            value = guards.read(guard[1], args, _GONE)
            if type(value) is not guard[2] or value.dtype != guard[3]:
                continue
            shape = tuple(value.shape)
            if len(shape) != len(guard[4]):
                continue
            where = None
            for dim, (got, want) in enumerate(zip(shape, guard[4])):
                if want is None or got == want:
                    continue
                where = where or guards.describe_accessor(guard[1], self.arg_names)
                sizes = plan.sizes_seen.setdefault((where, dim), set())
                sizes.update((got, want))
                if len(sizes) > EXACT_SIZES:
                    plan.relaxed_dims.setdefault(where, set()).add(dim)

    def can_build(self) -> bool:
        return self.builds - self.paid_off < RECOMPILE_LIMIT

    def insert(self, graph):
        self.builds += 1
        self.entries.insert(0, graph)

    def _drop_stale(self) -> str:
        """Drop the graphs whose library state changed (janus/state/library_state.py); the
        first one's reason."""
        stale = [graph for graph in self.entries if graph.stale is not None]
        for graph in stale:
            self.drop(graph)
        return "library state changed: " + stale[0].stale

    def drop(self, graph):
        if graph in self.entries:
            self.entries.remove(graph)
        library_state.forget(graph)
