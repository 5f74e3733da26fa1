"""A built graph → one call of it: its inputs read, the graph run, the outputs rebuilt and
the call's deferred writes committed, or nothing changed.

Whatever fails before the commit leaves the program's state as it was: the graph's
updates wait behind every op that can fail (graph/atomic.py) or are undone from a
snapshot, and random draws are put back.  Only a failure after the updates landed
(UpdatesLanded) reaches the program.
"""

import janus_ext

from .. import distributed, guards
from ..build import outputs
from ..graph import atomic, recursion, tape_records
from ..semantics import iterator_pulls
from ..state import deaths, heap, inputs, library_state, logging_setup
from . import call_options


# Ops that compute nothing: not counted among a graph's TF ops.
_PLUMBING = frozenset({"Placeholder", "Const", "Identity", "IdentityN", "NoOp"})


class CompiledGraph:
    """One concrete function, the guards it was built under and how to call it."""

    def __init__(self, built):
        function = self.function = built.function
        self.runs = 0                            # calls that finished in it (cache.PAID_OFF_RUNS)
        self.python_draws = built.python_draws   # python_draws.PythonDraws taken per call
        self.iterator_pulls = built.iterator_pulls   # iterator_pulls.IteratorPulls, the same
        self.raising_assumptions = built.raising_assumptions   # indexes guarding a `raise`
        self.draws = built.draws            # random_ops.Draws fed at call time, or None
        self.gating = built.gating          # atomic.Gating: how updates wait
        self.turnstile = built.gating.turnstile   # counts the calls past the barrier
        self.snapshot = atomic.Snapshot(built.gating.snapshot_handles) \
            if built.gating.snapshot_handles else None
        self.uses_arena = built.uses_arena  # object pointers or recursive graphs inside
        self.keep_alive = built.keep_alive  # provenance.pinned: objects its ops name by id
        self.effects = built.effects        # heap writes replayed after a good run
        # Attribute and global writes: checked for a death with effects before each call.
        # The writes that may end an object's life (state/deaths.py).
        self.stream_checks = built.stream_checks
        self.replacing = tuple(e for e in self.effects if e.kind in ("setattr", "setglobal")
                               or e.kind == "method" and e.drops is not deaths.NOTHING)
        self.call_args = built.call_args    # where call-time heap reads find the args
        self.heap_reads = built.heap_reads
        self.assumptions = built.assumptions   # (code, offset) of each in-graph assertion
        self.guards = built.guards
        self.input_accessors = tuple(built.inputs.accessors)
        self.input_converters = tuple(built.inputs.converters)
        self.variable_slots = tuple(built.inputs.variable_slots)
        self.captured = tuple(function.graph.external_captures) if self.variable_slots else ()
        self.template = built.template
        # Under XLA the checks are an output (graph/xla.py): xla.Checks, or None.
        self.xla_checks = built.xla_checks
        self.graphs = None        # the run/cache.GraphCache that holds it
        self.op_count = sum(1 for op in function.graph.get_operations()
                            if op.type not in _PLUMBING)   # reported (observe/counters.py)
        # Calls under a GradientTape outside: the op records it gives the tape, the
        # number of outputs before the records' values, the variables by handle.
        self.tape_records = built.tape_records
        if self.tape_records is not None:
            self.returned = len(function.graph.outputs) - len(self.tape_records.extra_outputs)
            self.variables_by_handle = {id(v.handle): v for v in function.graph.variables}
        # The library state it was built from, watched: a change marks it stale.
        self.stale = None         # why library state it was built from changed, or None
        lists, self.pinned_contents, watched, partials = library_state.watch(
            built.library_objects, self, built.names_of, built.changed_before_library,
            built.library_arguments)
        self.guards += guards.pinned_contents(lists) + guards.pinned_types(watched) + \
            guards.pinned_mros(library_state.program_class_types(watched)) + \
            guards.pinned_partials(partials)
        self.pinned_contents += logging_setup.compared_loggers(built.loggers) + \
            library_state.compared_settings(built.settings)
        self.thread = None        # the thread it serves, when it read thread-local state
        library_state.watch_tf_globals(built.summary, self)
        library_state.watch_functions(built.inlined, self)

    def run(self, args):
        flat = []
        for acc, convert in zip(self.input_accessors, self.input_converters):
            value = janus_ext.read_accessor(acc, args)
            flat.append(value if convert is None else convert(value))
        if self.variable_slots:
            inputs.check_variables(flat, self.variable_slots, self.captured)
        if self.replacing:
            dying = deaths.dies_in_call(self.replacing)
            if dying is not None:
                raise deaths.DiesInCall(dying)
        for check in self.stream_checks:
            failing = check.fails(args)
            if failing is not None:
                raise OutputWouldFail(failing)
        self.call_args.args = args
        if self.uses_arena:
            self.call_args.call_id = recursion.new_call_id()
        saved = self.snapshot.take() if self.snapshot is not None else None
        distributed.before_graph_call()
        try:
            if self.python_draws:
                self.python_draws.take()    # in program order, before any call-time read
            if self.iterator_pulls:
                self.iterator_pulls.take()
            # The cheapest call path that keeps gradients and captures right
            # (docs/DESIGN.md#calling-a-built-graph:
            # ~110 µs against ~440 µs for tf.function.__call__); TF 2.21 is pinned.
            options = call_options.enter()
            try:
                if self.tape_records is None:
                    results = self.function._call_flat(flat, self.function.captured_inputs)
                else:
                    results = self._call_recorded(flat)
            finally:
                call_options.leave(options)
            if self.xla_checks is not None:
                results, passed, starts = self.xla_checks.split(results)
                if not passed.all():
                    # XLA ran on past the failed check (graph/xla.py): undone here.
                    try:
                        self.xla_checks.undo(starts)
                    except Exception as exc:
                        raise UpdatesLanded(exc) from exc
                    raise self.xla_checks.failure(passed)
        except Exception as exc:
            # The interpreter's re-run must not run again the collectives that ran.
            distributed.after_graph_call(failed=True)
            turnstile = self.turnstile
            if saved is None and turnstile is not None and turnstile.crossed_in_failed_call():
                # Something the catalog says cannot fail did, after the updates were
                # let through (memory ran out): running the call again would apply
                # them twice.
                raise UpdatesLanded(exc) from exc
            # Whatever failed ran before every update (atomic.gate), or the updates
            # are undone here: the interpreter can run the call from untouched state.
            if self.draws is not None:
                self.draws.undo()          # the interpreter draws these seeds again
            if self.python_draws:
                self.python_draws.put_back()   # and these numbers
            if saved is not None:
                try:
                    self.snapshot.restore(saved)
                except Exception as exc:
                    raise UpdatesLanded(exc) from exc
            raise
        finally:
            # The call's arguments are the program's: the graph does not keep them.
            self.call_args.args = ()
            if self.uses_arena:
                recursion.release_call(self.call_args.call_id)
        distributed.after_graph_call(failed=False)
        if self.iterator_pulls:
            iterator_pulls.CALL.consumed()     # the graph ran on the elements it pulled
        if self.turnstile is not None:
            self.turnstile.expected += 1       # the barrier was passed (Turnstile)
        try:
            if results is None:
                results = []
            elif not isinstance(results, (list, tuple)):
                results = [results]
            result, effect_values, draw_sizes = outputs.rebuild(self.template, results, args, {})
            if self.draws is not None:
                self.draws.done(draw_sizes)
            if self.python_draws:
                self.python_draws.done()
            # Every op passed and every output exists: the writes land now.
            heap.commit(self.effects, effect_values)
        except Exception as exc:
            raise UpdatesLanded(exc) from exc
        return result


    def _call_recorded(self, flat):
        """The call, then the tapes outside it given eager's records of its ops."""
        captured = self.function.captured_inputs
        with tape_records.stopped():
            results = self.function._call_flat(flat, captured)
        self.tape_records.replay(flat, captured, results, self.variables_by_handle)
        return results[:self.returned]


class OutputWouldFail(Exception):
    """A print or write() the commit would replay fails in eager before the updates
    after it (build/output.py StreamCheck): the interpreter runs this call."""


class UpdatesLanded(Exception):
    """The graph's updates landed and then `cause` was raised: running the call again
    would apply them twice, so the call raises `cause` instead."""

    def __init__(self, cause):
        super().__init__(f"{type(cause).__name__}: {cause}")
        self.cause = cause
