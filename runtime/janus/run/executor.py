"""A call of a converted code object → its cached graph's result, or the interpreter.

janus_ext calls `CodeState.enter(args)` at the start of every call of a code object that
janus took over (cpython-patches/0003).  It returns the graph's result, or DECLINE: the
interpreter then runs the call as if janus were not there (profiling, a guard miss, a
build that failed, a graph that failed at run time, which changed nothing).  A Python
write that fails at commit, after the graph's updates landed, is raised from the call.
"""

import builtins
import logging
import sys
import time

import tensorflow as tf
from tensorflow.python.pywrap_tfe import TFE_Py_TapeSetIsEmpty as no_tape_records

import janus_ext

from .. import config, messages
from ..build import concrete, purity
from ..errors import (BuildRaised, NeedsExactShapes, NeedsIdentity, NeedsReference, NotYet,
                      Raises, Retry, Unsupported, line_of)
from ..frontend import bytecode, profiler
from ..graph import xla
from ..observe import counters, trace
from ..semantics import iterator_pulls, numbers, random_ops
from ..state import deaths, inputs
from . import cache
from .compiled import CompiledGraph, OutputWouldFail, UpdatesLanded

log = logging.getLogger(__name__)
# The program's own logging setup must not see janus's records: under JANUS_MODE=off its
# output has none.  Internal errors still reach stderr (logging's last-resort handler).
log.propagate = False

DECLINE = janus_ext.DECLINE
# Calls a function's graphs may send back on a failed number check before janus stops
# trying: Python's result (a big int, ZeroDivisionError) has become the normal case.
NUMBER_CHECK_LIMIT = 16
# A graph that fails at run time for no reason janus knows (not an assumption, a number
# check, a heap read or a check the program wrote) usually fails again when rebuilt: this
# many times in a row, with no good run between, and the function stays interpreted.
RUNTIME_FAILURE_LIMIT = 3
# Builds that raised (BuildRaised) before the function stays interpreted: each raised
# build is tried again after 2, 8, 32, then 128 more interpreted calls, so a step that
# never builds costs five builds over some 170 calls.
BUILD_RETRIES = 4


def _settings():
    cfg = config.active()
    return (config.DEFAULT_HOT_CALLS, False) if cfg is None else (cfg.hot_calls, cfg.log)


class CodeState:
    """Everything janus keeps for one code object it took over."""

    def __init__(self, code, globals_dict, stats=None):
        self.code = code
        self.globals = globals_dict
        self.param_names = bytecode.argument_names(code)
        # The entry passes the parameters, then the closure's cells (janus_ext).
        self.arg_names = self.param_names + code.co_freevars
        self.cache = cache.GraphCache(self.arg_names)
        # Graphs for calls while a GradientTape outside records (made at the first such
        # call), or why they cannot be built.
        self.taped = None
        self.taped_refused = None
        self.stats = counters.for_code(code) if stats is None else stats
        self.interpreted_calls = 0
        self.raising_builds = 0
        self.failed_builds = 0       # builds that raised (BuildRaised)
        self.number_check_failures = 0
        self.runtime_failures = 0
        self.hot_calls, self.log_events = _settings()

    def _event(self, message):
        if self.log_events:
            counters.log(f"{self.stats.qualname}: {message}")

    def install(self):
        profiler.flag(self.code)
        # Guards read globals from the dict the graphs were built with, and builtins
        # from Python's: a function made from the same code with other globals
        # (types.FunctionType(code, g)) or other builtins would run graphs of the wrong
        # names.
        janus_ext.set_entry(self.code, trace.entry_for(self), self.param_names,
                            self.globals, builtins.__dict__, self._other_globals)

    def give_up(self, reason):
        self.stats.status = f"interpreted: {reason}"
        self.stats.not_converted = reason
        self._event(f"stays in the interpreter: {reason}")
        self._leave_to_interpreter()

    def _leave_to_interpreter(self):
        if standing_aside is not None:
            return          # janus_ext holds no entry any more (detect/observers.py)
        # Its calls are still counted, so that JANUS_STATS's graph fraction stays true.
        janus_ext.set_entry(self.code, self._count_interpreted, self.param_names)
        profiler.unflag(self.code)
        stays_interpreted(self.code)

    def _count_interpreted(self, args):
        if not tf.executing_eagerly():
            return self._traced(args)
        self.stats.calls += 1
        self.stats.interpreted += 1
        return DECLINE

    def _other_globals(self, args):
        if not tf.executing_eagerly():
            return self._traced(args)
        self.stats.calls += 1
        self.stats.interpreted += 1
        self.stats.note("interpreted: a function made from this code with other globals "
                        "or builtins is not the one janus took over")
        return DECLINE

    def enter(self, args):
        if not tf.executing_eagerly():
            # What the builder raises belongs to the build that is running.
            return self._traced(args)
        # Called by the interpreter for every call: a bug in janus must never surface
        # as the user's exception.  It is recorded and the interpreter runs the call.
        try:
            return self._enter(args)
        except UpdatesLanded as exc:
            landed = exc.cause      # raised below, outside this handler: no janus context
            iterator_pulls.CALL.consumed()      # the graph ran on its pulls, and raises
        except Exception as exc:
            log.exception("janus: internal error in %s", self.stats.name)
            self.stats.note(f"janus internal error: {type(exc).__name__}: {exc}")
            self.give_up("janus internal error (see reasons)")
            return DECLINE
        finally:
            if iterator_pulls.CALL.taken:
                # Elements of tf.data iterators a build or a graph call pulled, and no
                # graph ran on: the interpreter's pulls take them again.
                iterator_pulls.CALL.hand_back()
        raise landed

    def _traced(self, args):
        """A call while a graph is traced: one janus builds on this thread inlines it,
        any other tracing (a tf.function of the program or a library) runs it."""
        frame = sys._getframe(1)
        while frame is not None and frame.f_code is not self.code:
            frame = frame.f_back
        return purity.call_while_building(self.code, frame, self.param_names, args)

    def _enter(self, args):
        self.stats.calls += 1
        if variable_watchers:
            # A VariableWatcher entered around the call is told of each variable an op
            # reads, as eager runs them; a graph call tells it nothing.
            self.stats.note("interpreted: a VariableWatcher records the call")
            return self._interpret()
        if no_tape_records():
            return self._call(self.cache, args)
        # A GradientTape outside records the call: only a graph that gives the tape
        # eager's op records may run (graph/tape_records.py).
        if forward_accumulators:
            # Eager computes a ForwardAccumulator's JVPs op by op as they run; from
            # records replayed after the graph they round differently.
            self.stats.note("interpreted: a ForwardAccumulator records the call")
            return self._interpret()
        if self.taped_refused is not None:
            self.stats.note(f"interpreted under a GradientTape outside the call: "
                            f"{self.taped_refused}")
            return self._interpret()
        if self.taped is None:
            self.taped = cache.GraphCache(self.arg_names)
            self.taped.plan.tape_records = True
        return self._call(self.taped, args)

    def _call(self, graphs, args):
        st = self.stats
        graph, miss = graphs.lookup(args)
        if graph is not None:
            return self._run(graph, args)
        had_graphs = miss != cache.NO_GRAPH
        if had_graphs:
            st.guard_misses += 1
        if self.interpreted_calls < self.hot_calls:
            return self._interpret()
        if not graphs.can_build():
            self.give_up(f"recompile limit ({cache.RECOMPILE_LIMIT}) reached; last miss: "
                         f"{miss}")
            return self._interpret()
        if had_graphs:
            st.note(f"guard miss: {miss}")
            self._event(f"guard miss, rebuilding: {miss}")
        try:
            graph = self._build_or_specialise(graphs, args)
        except NotYet as exc:
            st.note(f"not converted for this call: {exc}")
            self._event(f"interpreted first: {exc.reason}")
            self.raising_builds += 1
            if self.raising_builds > cache.RECOMPILE_LIMIT:
                self.give_up(exc.reason)
            return self._interpret()
        except BuildRaised as exc:
            # Library code raised on this call's path: the call may raise eagerly too,
            # or library state may change (an optimizer's slots made by the eager call).
            # A later call builds again, after 2, 8, 32 and 128 more calls.
            st.note(f"not converted for this call: {exc}")
            if self.failed_builds >= BUILD_RETRIES:
                self.give_up(exc.reason)
            else:
                self.hot_calls = self.interpreted_calls + 1 + 2 * 4 ** self.failed_builds
                self.failed_builds += 1
            return self._interpret()
        except Raises as exc:
            # This call raises (its arguments decide it at entry): the interpreter must
            # run it.  Other calls may still convert.
            self.raising_builds += 1
            st.note(f"not converted for this call: {exc}")
            if self.raising_builds > cache.RECOMPILE_LIMIT:
                self.give_up(exc.reason)
            return self._interpret()
        except Unsupported as exc:
            if graphs is self.taped:
                # Calls with no tape outside may still run graphs.
                self.taped_refused = exc.reason
                st.note(f"interpreted under a GradientTape outside the call: {exc}")
                self._event(f"under a GradientTape outside the call, stays in the "
                            f"interpreter: {exc.reason}")
                return self._interpret()
            st.note(f"not converted: {exc}")
            self.give_up(exc.reason)
            return self._interpret()
        graph.graphs = graphs
        graphs.insert(graph)
        st.status = "converted"
        # The wall-clock stamp lets bench/ time "start to first graph step".
        self._event(f"built graph {graphs.builds} in {st.build_seconds:.2f} s total "
                    f"[t={time.time():.3f}]" + (" (for calls under a GradientTape)"
                                                if graphs is self.taped else ""))
        self._event(f"graph {graphs.builds}: {graph.gating.describe()}")
        profiler.unflag(self.code)    # profiling has served; calls now cost only guards
        return self._run(graph, args)

    def _interpret(self):
        self.interpreted_calls += 1
        self.stats.interpreted += 1
        return DECLINE

    def _run(self, graph, args):
        try:
            result = graph.run(args)
        except numbers.OutOfRange as exc:
            # Read before the graph ran: nothing changed, and the graph stays.
            return self._number_check_failed(str(exc))
        except iterator_pulls.PullRaised as exc:
            # Pulled before the graph ran: the elements go back to the iterator (enter).
            if exc.shape_of is not None:
                self._pull_shape_met(graph, *exc.shape_of)
            return self._interpret_this_call(str(exc))
        except (inputs.AliasedVariable, deaths.DiesInCall, OutputWouldFail) as exc:
            self.stats.note(str(exc))
            self._event(f"the interpreter runs this call: {exc}")
            return self._interpret()
        except random_ops.SeedRepeated as exc:
            # Eager continues an earlier stream for this seed (random_ops.py): this call
            # runs in the interpreter, with the generator as it was; the graph stays.
            self.stats.fallbacks += 1
            self.stats.note(f"random seed repeated: {exc}")
            self._event(f"random seed repeated, the interpreter runs this call: {exc}")
            return self._interpret()
        except UpdatesLanded as exc:
            graph.graphs.drop(graph)
            self.stats.note(f"failed after its updates landed, the call raises: {exc}")
            self._event(f"failed after its updates landed, the call raises: {exc}")
            raise
        except Exception as exc:
            if graph.xla_checks is not None and xla.compile_error(exc):
                # XLA compiles before it runs anything: nothing changed.
                return self._xla_declined(graph, exc)
            return self._failed(graph, messages.failure_of(exc))
        self.runtime_failures = 0
        graph.runs += 1
        self.stats.graph_runs += 1
        if graph.xla_checks is not None:
            self.stats.xla_graph_runs += 1
        self.stats.graph_ops += graph.op_count
        self.stats.heap_reads += graph.heap_reads
        self.stats.heap_writes += len(graph.effects)
        return result

    def _failed(self, graph, failure):
        """The graph failed before its updates landed, or they were undone
        (CompiledGraph.run): the interpreter runs the call."""
        if failure.kind == messages.ASSUMPTION:
            where = graph.assumptions[failure.index]
            if failure.index in graph.raising_assumptions:
                # The call reaches a `raise` the graph leaves to the interpreter.  The
                # graph stays for the calls that do not raise.
                return self._interpret_this_call(
                    f"reaches a `raise` at {where[0].co_qualname}:{line_of(*where)}")
            # Relax the decision so that the next graph builds both ways.
            graph.graphs.plan.relaxed.add(where)
            self.stats.assert_failures += 1
            self.stats.relaxations += 1
            return self._fall_back(graph, f"assumption failed: branch at "
                                   f"{where[0].co_qualname}:{line_of(*where)}"
                                   " went the other way; relaxed to a cond")
        if failure.kind == messages.NUMBER_CHECK:
            # Python's result differs from what the graph can compute for this call
            # (numbers.py); the graph stays for others.
            return self._number_check_failed(failure.reason)
        if failure.kind == messages.HEAP_READ:
            # An object the graph reached at run time did not hold what the build
            # assumed (janus_ops.cc).
            return self._fall_back(graph, failure.reason)
        if failure.kind == messages.PROGRAM_CHECK:
            # The interpreter meets the same check, which the program may catch; the
            # graph stays for the calls whose data pass it.
            return self._interpret_this_call(failure.reason)
        # The interpreter runs the call, and raises the real error if there is one.
        self.runtime_failures += 1
        if self.runtime_failures >= RUNTIME_FAILURE_LIMIT:
            graph.graphs.drop(graph)
            self.stats.fallbacks += 1
            self.give_up(f"{failure.reason} ({RUNTIME_FAILURE_LIMIT} times)")
            return self._interpret()
        return self._fall_back(graph, failure.reason)

    def _pull_shape_met(self, graph, index, shapes):
        """A tf.data element of another shape than the graph's (the partial last batch):
        past cache.EXACT_SIZES shapes the graph goes, and the next build leaves the
        dimensions that differ open, as for an argument's."""
        plan = graph.graphs.plan
        seen = plan.pull_shapes.setdefault(index, set())
        seen.add(shapes)
        if len(seen) > cache.EXACT_SIZES and not plan.never_relax:
            plan.widened_pulls[index] = sorted(seen, key=repr)
            graph.graphs.drop(graph)

    def _xla_declined(self, graph, exc):
        """XLA cannot compile the graph: this code's graphs are built without it."""
        reason = xla.compile_refusal(exc)
        graph.graphs.plan.xla_declined = reason
        graph.graphs.drop(graph)
        return self._interpret_this_call(f"XLA cannot compile it ({reason}): built "
                                         "again without XLA")

    def _interpret_this_call(self, reason):
        """This call runs in the interpreter; its graph stays for the others."""
        self.stats.fallbacks += 1
        self.stats.note(reason)
        self._event(f"the interpreter runs this call: {reason}")
        return self._interpret()

    def _number_check_failed(self, reason):
        self.number_check_failures += 1
        self.stats.fallbacks += 1
        self.stats.note(f"number check failed: {reason}")
        self._event(f"number check failed, the interpreter runs this call: {reason}")
        if self.number_check_failures >= NUMBER_CHECK_LIMIT:
            self.give_up(f"number checks failed {NUMBER_CHECK_LIMIT} times; last: {reason}")
        return self._interpret()

    def _fall_back(self, graph, reason):
        graph.graphs.drop(graph)
        self.stats.note(reason)
        self.stats.fallbacks += 1
        self._event(f"fallback to the interpreter: {reason}")
        return self._interpret()

    def _build_or_specialise(self, graphs, args):
        plan = graphs.plan
        try:
            return self._build_by_reference(plan, args)
        except NeedsExactShapes as exc:
            if not plan.relaxed_dims:
                raise
            # The program's tf.function is traced per shape: so is this code's graph.
            self.stats.note(f"dimensions exact again after: {exc.reason}")
            plan.relaxed_dims.clear()
            plan.never_relax = True
            return self._build_or_specialise(graphs, args)
        except Unsupported as exc:
            if not plan.varying or isinstance(exc, (Raises, NotYet)) and \
                    not isinstance(exc, BuildRaised):
                raise
            # A number read at call time became a tensor where the code needs a Python
            # value (a shape, tf.constant's argument): specialise such numbers again.
            self.stats.note(f"numbers specialised again after: {exc.reason}")
            plan.varying.clear()
            plan.never_vary = True
            return self._build_by_reference(plan, args)

    def _build_by_reference(self, plan, args):
        # Recursion over an argument's objects: pass them as pointers and build again.
        # Each round adds names (arguments, or globals a recursion walks) or gives up.
        for _ in range(len(self.arg_names) + 8):
            try:
                return self._build(plan, args)
            except NeedsReference as exc:
                if exc.names <= plan.by_reference:
                    raise
                self.stats.note(f"passed as object pointers: {', '.join(sorted(exc.names))}"
                                f" ({exc.reason})")
                plan.by_reference |= exc.names
            except NeedsIdentity as exc:
                if exc.names <= plan.by_identity:
                    raise
                self.stats.note("read as the caller's objects: "
                                f"{', '.join(sorted(exc.names))}")
                plan.by_identity |= exc.names
        raise Unsupported("arguments passed by reference do not settle", self.code)

    def _build(self, plan, args):
        failure = janus_ext.profiling_failure(self.code)
        if failure is not None:
            # The profile stopped early: the build goes by what it holds (a hint; the
            # guards decide), and the reports say why it is short.
            self.stats.note(f"profiling stopped early: {failure}")
        # Each attempt that meets library code calling the program's own Python marks
        # that code for the builder and starts again (janus/build/purity.py).
        for _ in range(purity.MAX_ATTEMPTS):
            try:
                return self._build_once(plan, args)
            except Retry as exc:
                self.stats.note(f"built again: {exc.reason}")
            except xla.Declined as exc:
                plan.xla_declined = str(exc)
                self.stats.note(f"built without XLA: {exc}")
        raise Unsupported("library callbacks into the program do not settle",
                                  self.code)

    def _build_once(self, plan, args):
        started = time.perf_counter()
        built = concrete.build(self.code, self.globals, self.arg_names, args, plan)
        for code in built.recursive_codes:
            counters.for_code(code).status = "converted (recursive graph)"
            counters.for_code(code).recursive_graphs += 1
            profiler.unflag(code)     # its profile gave the result types; no more cost
        self.stats.builds += 1
        self.stats.build_seconds += time.perf_counter() - started
        return CompiledGraph(built)


_states: dict = {}
_rejected: dict = {}
# tf.autodiff.ForwardAccumulators recording now (janus/detect/tape.py counts them).
forward_accumulators = 0
# TF's VariableWatchers entered now (janus/detect/tape.py counts them).
variable_watchers = 0
# Called with a code of the program that janus will run in the interpreter from now on
# (co-execution makes the library calls in it graphs: janus/coexec/sites.py).
interpreted_listeners: list = []


def stays_interpreted(code):
    if standing_aside is not None:
        return
    for listener in interpreted_listeners:
        listener(code)


# Why janus runs everything in the interpreter from now on (detect/observers.py), or None.
standing_aside = None


def stand_aside(reason):
    """No code is taken over from now on; those taken over say why they stay in the
    interpreter (janus_ext.release, the caller's next step, removes their entries)."""
    global standing_aside
    standing_aside = reason
    counters.stood_aside = reason
    if _settings()[1]:
        counters.log(f"janus stands aside for the rest of the run: {reason}")
    for state in _states.values():
        if state.stats.not_converted is None:
            state.stats.status = f"interpreted: janus stood aside: {reason}"
            state.stats.not_converted = f"janus stood aside: {reason}"


def consider(code, globals_dict, why=None):
    """Take over `code` unless it cannot be: a function that runs a GradientTape
    (janus/detect/tape.py), or one that ran TF ops in many calls (janus/detect/eager_ops.py, which gives
    `why`).  Returns its CodeState, or None when it was refused."""
    state = _states.get(code)
    if state is not None or code in _rejected or standing_aside is not None:
        return state
    try:
        return _consider(code, globals_dict, why)
    except Exception as exc:     # never let janus break the user's tape or op
        log.exception("janus: cannot take over %s", code.co_qualname)
        _rejected[code] = f"janus internal error: {exc}"
        return None


def refusal(code):
    """Why janus never converts `code`, or None."""
    if code.co_name == "<module>" or code.co_flags & bytecode.GENERATOR_FLAGS:
        return "module-level code and generators are not converted"
    return None


def taken_over(code):
    """The CodeState of a code janus took over, or None."""
    return _states.get(code)


def rejected(code) -> bool:
    return code in _rejected


def _consider(code, globals_dict, why):
    reason = refusal(code)
    if reason is not None:
        _rejected[code] = reason
        st = counters.for_code(code)
        st.status = f"interpreted: {reason}"
        if trace.recorder is not None:
            trace.recorder.watch_interpreted(code, reason)
        stays_interpreted(code)
        return None
    state = _states[code] = CodeState(code, globals_dict)
    if why is not None:
        state.stats.note(f"taken over: {why}")
        state._event(f"taken over: {why}")
    state.install()
    # The call that entered the tape, or ran the op, is already running in the
    # interpreter.
    state.stats.calls += 1
    state._interpret()
    return state
