"""A call of a converted code object → its cached graph's result, or the interpreter.

janus_ext calls `CodeState.enter(args)` at the start of every call of a code object that
janus took over (cpython-patches/0003).  It returns the graph's result, or DECLINE: the
interpreter then runs the call as if janus were not there (profiling, a guard miss, a
build that failed, a graph that failed at run time, which changed nothing).  A Python
write that fails at commit, after the graph's updates landed, is raised from the call.
"""

import logging
import re
import time

import janus_ext
import numpy as np
import tensorflow as tf

from tensorflow.python.framework import auto_control_deps
from tensorflow.python.pywrap_tfe import TFE_Py_TapeSetIsEmpty as no_tape_records

from . import (arrays, atomic, builder, bytecode, cache, call_options, config, control, counters,
               distributed, heap, library_state, made, numbers, objects, profiler, provenance,
               purity, raising, random_ops, reads, recursion, trace)
from . import inputs as janus_inputs
from .values import KEPT_UNKNOWN, GraphRounded, GraphText

log = logging.getLogger(__name__)
# The program's own logging setup must not see janus's records: under JANUS_MODE=off its
# output has none.  Internal errors still reach stderr (logging's last-resort handler).
log.propagate = False

DECLINE = janus_ext.DECLINE
DEFAULT_HOT_CALLS = 3   # interpreted (profiled) calls before the first graph (JANUS_HOT)
ASSUMPTION_FAILED = re.compile(r"janus-assumption (\d+)")
NUMBER_CHECK_FAILED = re.compile(r"janus-check \d+: ([^\n\]]*)")
# Calls a function's graphs may send back on a failed number check before janus stops
# trying: Python's result (a big int, ZeroDivisionError) has become the normal case.
NUMBER_CHECK_LIMIT = 16
# A graph that fails at run time for no reason janus knows (not an assumption, a number
# check, a heap read or a check the program wrote) usually fails again when rebuilt: this
# many times in a row, with no good run between, and the function stays interpreted.
RUNTIME_FAILURE_LIMIT = 3
HEAP_READ_FAILED = re.compile(recursion.HEAP_READ_FAILED + r": ([^\n\[]*)")
# The errors of the Assert and CheckNumerics kernels: a check the program wrote failed on
# this call's data.  The graph is as right as a rebuild would be.
PROGRAM_CHECK_FAILED = re.compile(
    r"(?:^|\n)(?:assertion failed: |[^\n]* : Tensor had (?:Inf and NaN|NaN|Inf) values)")
FAILED_NODE = re.compile(r"\{\{node ([^}]+)\}\}")


def _settings():
    cfg = config.active()
    return (DEFAULT_HOT_CALLS, False) if cfg is None else (cfg.hot_calls, cfg.log)


def _gating_on():
    cfg = config.active()
    return cfg is None or cfg.gating


class CompiledGraph:
    """One concrete function, the guards it was built under and how to call it."""

    def __init__(self, function, guard_tuple, inputs, template, assumptions, effects,
                 call_args, heap_reads, uses_arena, keep_alive, gating, draws,
                 raising_assumptions=frozenset(), python_draws=None):
        self.function = function
        self.python_draws = python_draws    # python_draws.PythonDraws taken per call
        self.raising_assumptions = raising_assumptions   # indexes guarding a `raise`
        self.draws = draws                  # random_ops.Draws fed at call time, or None
        self.gating = gating                # atomic.Gating: how updates wait
        self.snapshot = atomic.Snapshot(gating.snapshot_handles) \
            if gating.snapshot_handles else None
        self.uses_arena = uses_arena        # object pointers or recursive graphs inside
        self.keep_alive = keep_alive        # provenance.alive: ids the graph relies on
        self.effects = effects              # heap writes replayed after a good run
        self.call_args = call_args          # where call-time heap reads find the args
        self.heap_reads = heap_reads
        self.assumptions = assumptions      # (code, offset) of each in-graph assertion
        self.guards = guard_tuple
        self.input_accessors = tuple(inputs.accessors)
        self.input_converters = tuple(inputs.converters)
        self.variable_slots = tuple(inputs.variable_slots)
        self.captured = tuple(function.graph.external_captures) if self.variable_slots else ()
        self.template = template
        self.stale = None         # why library state it was built from changed, or None
        self.pinned_arrays = ()   # library_state.changed_array's arrays

    def run(self, args):
        flat = []
        for acc, convert in zip(self.input_accessors, self.input_converters):
            value = janus_ext.read_accessor(acc, args)
            flat.append(value if convert is None else convert(value))
        if self.variable_slots:
            janus_inputs.check_variables(flat, self.variable_slots, self.captured)
        self.call_args.args = args
        if self.uses_arena:
            self.call_args.call_id = recursion.new_call_id()
        saved = self.snapshot.take() if self.snapshot is not None else None
        distributed.before_graph_call()
        try:
            if self.python_draws:
                self.python_draws.take()    # in program order, before any call-time read
            # The cheapest call path that keeps gradients and captures right
            # (docs/DESIGN.md#calling-a-built-graph:
            # ~110 µs against ~440 µs for tf.function.__call__); TF 2.21 is pinned.
            options = call_options.enter()
            try:
                outputs = self.function._call_flat(flat, self.function.captured_inputs)
            finally:
                call_options.leave(options)
        except Exception:
            # The interpreter's re-run must not run again the collectives that ran.
            distributed.after_graph_call(failed=True)
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
            if self.uses_arena:
                recursion.release_call(self.call_args.call_id)
        distributed.after_graph_call(failed=False)
        try:
            if outputs is None:
                outputs = []
            elif not isinstance(outputs, (list, tuple)):
                outputs = [outputs]
            result, effect_values, draw_sizes = _rebuild(self.template, outputs, args, {})
            if self.draws is not None:
                self.draws.done(draw_sizes)
            if self.python_draws:
                self.python_draws.done()
            # Every op passed and every output exists: the writes land now.
            heap.commit(self.effects, effect_values)
        except Exception as exc:
            raise UpdatesLanded(exc) from exc
        return result


class UpdatesLanded(Exception):
    """The graph's updates landed and then `cause` was raised: running the call again
    would apply them twice, so the call raises `cause` instead."""

    def __init__(self, cause):
        super().__init__(f"{type(cause).__name__}: {cause}")
        self.cause = cause


class _CallArgs:
    __slots__ = ("args", "call_id")

    def __init__(self):
        self.args, self.call_id = (), 0


class _Slot:
    __slots__ = ("index", "python_type")

    def __init__(self, index, python_type=None):
        # python_type: a Python number the graph carried as a tensor
        self.index, self.python_type = index, python_type


def _flatten(value, run, tensors, memo):
    """The template of a value the call returns, stores or prints.  Memoised per value:
    a value the call hands to several places is one template, so the commit hands them
    one object (`self.last_loss = loss; return loss` makes `ret is tr.last_loss`)."""
    template = memo.get(id(value), _NOT_SEEN)
    if template is _NOT_SEEN:
        template = _template_of(value, run, tensors, memo)
        if id(value) not in memo:
            memo[id(value)] = template
    return template


_NOT_SEEN = object()


def _template_of(value, run, tensors, memo):
    if type(value) is list:
        reads.adopt(run, value)      # a stand-in the call stores or returns: the caller's
    origin = run.provenance.of(value)
    if origin.why == provenance.WRITTEN:
        return origin.real             # the caller's container, written back
    if origin.caller is not None:
        # A graph input standing for the caller's tensor or ndarray: the caller's object.
        return _Caller(origin.caller[0])
    kept = origin.kept if type(value) in (int, float) or builder.is_symbolic(value) else None
    if kept == KEPT_UNKNOWN:
        raise builder.Unsupported("stores or returns a Python float that may be the "
                                  "caller's own float object, " + KEPT_UNKNOWN, run.code)
    if kept is not None and kept[1] is True:
        return _Caller(kept[0])        # the caller's own number object, as eager keeps it
    if kept is not None and origin.number == control.MIXED:
        raise builder.Unsupported(f"returns {control.MIXED}", run.code)
    if kept is not None:         # a number the graph chose: the flag says whose
        tensors.extend((kept[1], value))
        return _Kept(len(tensors) - 2, kept[0],
                     _Slot(len(tensors) - 1, origin.number))
    if origin.acc is not None:
        if type(value) is tuple:
            # Stored or returned, its identity shows (`st.pair is PAIR`): the equal
            # tuple its read was guarded on is not enough.
            reads.identity(run, value)
            return _Same(value)
        return value      # an object from outside the call, guarded by identity
    if type(value) is arrays.ArrayArg:
        if value.argument:
            raise builder.Unsupported("returns, stores or prints a view of an ndarray "
                                      "argument (the caller's own array)", run.code)
        tensors.append(value.tensor)
        return _Slot(len(tensors) - 1, np.ndarray)     # numpy arithmetic: a new array
    if builder.is_symbolic(value):
        python_type = origin.number
        if python_type == control.MIXED:
            raise builder.Unsupported(f"returns {control.MIXED}", run.code)
        tensors.append(value)
        return _Slot(len(tensors) - 1, python_type)
    if type(value) is tuple:
        return tuple(_flatten(v, run, tensors, memo) for v in value)
    if type(value) is GraphText:
        return _TextTemplate(tuple(
            part if type(part) is str else
            (_flatten(part[0], run, tensors, memo), *part[1:]) for part in value.parts))
    if type(value) is GraphRounded:
        return _RoundTemplate(_flatten(value.value, run, tensors, memo), value.ndigits)
    if type(value) is tf.IndexedSlices:      # e.g. an embedding's gradient
        parts = [value.values, value.indices] + \
            ([value.dense_shape] if value.dense_shape is not None else [])
        return _SlicesTemplate(tuple(_flatten(p, run, tensors, memo) for p in parts))
    if type(value) is list:
        # Memoised before its items: a list that holds itself.
        template = memo[id(value)] = _ListTemplate()
        template.items = [_flatten(v, run, tensors, memo) for v in value]
        return template
    if type(value) is dict:
        template = memo[id(value)] = _DictTemplate()
        if any(run.provenance.is_made(k) for k in value):
            raise builder.Unsupported("returns or stores a dict keyed by an object made "
                                      "in the call", run.code)
        template.items = {k: _flatten(v, run, tensors, memo) for k, v in value.items()}
        return template
    if made.is_made_instance(run, value):
        # An instance the call made (builder.construct: object.__new__, no __del__):
        # each call makes its own at commit, holding what the build's instance holds.
        template = memo[id(value)] = _ObjectTemplate(type(value))
        template.fields = [(name, member, _flatten(v, run, tensors, memo))
                           for name, member, v in objects.own_fields(value)]
        return template
    if isinstance(value, tf.Variable) or type(value) in builder.guards.SPECIALISABLE:
        return value
    raise builder.Unsupported(f"returns or stores a {type(value).__qualname__} made while "
                              "building; it would be the same object on every call",
                              run.code)


class _Caller:
    """The caller's object at an accessor, read when the call's results are made (the
    graph ran; no write of the call has landed yet)."""
    __slots__ = ("accessor",)

    def __init__(self, accessor):
        self.accessor = accessor


class _Kept:
    """A number that is the caller's own object at `accessor` when the graph output at
    `index` is true (`max(best, v)` kept best), else what `value` makes."""
    __slots__ = ("index", "accessor", "value")

    def __init__(self, index, accessor, value):
        self.index, self.accessor, self.value = index, accessor, value


class _Same:
    """A tuple from outside the call: the object itself, not a tuple template."""
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


class _SlicesTemplate:
    __slots__ = ("parts",)

    def __init__(self, parts):
        self.parts = parts


class _TextTemplate:
    """A values.GraphText: its values' templates, formatted once the outputs exist."""
    __slots__ = ("parts",)

    def __init__(self, parts):
        self.parts = parts


_CONVERSIONS = {"": lambda v: v, "s": str, "r": repr, "a": ascii}


class _RoundTemplate:
    """A values.GraphRounded: Python's round() of the rebuilt number."""
    __slots__ = ("number", "ndigits")

    def __init__(self, number, ndigits):
        self.number, self.ndigits = number, ndigits


class _ListTemplate:
    __slots__ = ("items",)


class _DictTemplate:
    __slots__ = ("items",)


class _ObjectTemplate:
    __slots__ = ("cls", "fields")

    def __init__(self, cls):
        self.cls = cls


def _made_object(template, outputs, args, memo):
    instance = memo[id(template)] = object.__new__(template.cls)
    made.fill(instance, ((name, member, _rebuild(field, outputs, args, memo))
                         for name, member, field in template.fields))
    return instance


def _rebuild(template, outputs, args, memo):
    """The value a template stands for, after a graph call with `outputs` for a call
    with `args`.  One object per template (_flatten memoises the templates per value)."""
    kind = type(template)
    if kind in _PLAIN:
        return template
    made = memo.get(id(template), _NOT_SEEN)
    if made is _NOT_SEEN:
        made = _rebuild_new(kind, template, outputs, args, memo)
        memo[id(template)] = made
    return made


def _rebuild_new(kind, template, outputs, args, memo):
    if kind is _Slot:
        if template.python_type is np.ndarray:
            return outputs[template.index].numpy()
        if template.python_type is not None:
            return template.python_type(outputs[template.index].numpy().item())
        return outputs[template.index]
    if kind is _Caller:
        return janus_ext.read_accessor(template.accessor, args)
    if kind is tuple:
        return tuple(_rebuild(t, outputs, args, memo) for t in template)
    if kind is _Same:
        return template.value
    if kind is _Kept:
        if outputs[template.index].numpy():
            return janus_ext.read_accessor(template.accessor, args)
        return _rebuild(template.value, outputs, args, memo)
    if kind is _TextTemplate:
        return "".join(part if type(part) is str else format(
            _CONVERSIONS[part[1]](_rebuild(part[0], outputs, args, memo)), part[2])
            for part in template.parts)
    if kind is _RoundTemplate:
        return round(_rebuild(template.number, outputs, args, memo), template.ndigits)
    if kind is _SlicesTemplate:
        return tf.IndexedSlices(*(_rebuild(t, outputs, args, memo) for t in template.parts))
    if kind is _ObjectTemplate:
        return _made_object(template, outputs, args, memo)
    if kind is _ListTemplate:
        made = memo[id(template)] = []       # before its items: a list that holds itself
        made.extend(_rebuild(t, outputs, args, memo) for t in template.items)
        return made
    if kind is _DictTemplate:
        made = memo[id(template)] = {}
        made.update((k, _rebuild(v, outputs, args, memo)) for k, v in template.items.items())
        return made
    return template


# Templates that are the value itself: constants, and objects from outside the call.
_PLAIN = frozenset(builder.guards.SPECIALISABLE)


class CodeState:
    """Everything janus keeps for one code object it took over."""

    def __init__(self, code, globals_dict):
        self.code = code
        self.globals = globals_dict
        self.param_names = bytecode.argument_names(code)
        # The entry passes the parameters, then the closure's cells (janus_ext).
        self.arg_names = self.param_names + code.co_freevars
        self.cache = cache.GraphCache(self.arg_names)
        self.stats = counters.for_code(code)
        self.interpreted_calls = 0
        self.relaxed: set = set()        # decisions whose assertion failed: cond/while now
        self.raising_builds = 0
        self.number_check_failures = 0
        self.runtime_failures = 0
        self.hot_calls, self.log_events = _settings()

    def _event(self, message):
        if self.log_events:
            counters.log(f"{self.stats.qualname}: {message}")

    def install(self):
        profiler.flag(self.code)
        janus_ext.set_entry(self.code, trace.entry_for(self), self.param_names)

    def give_up(self, reason):
        self.stats.status = f"interpreted: {reason}"
        self.stats.not_converted = reason
        self._event(f"stays in the interpreter: {reason}")
        # Its calls are still counted, so that JANUS_STATS's graph fraction stays true.
        janus_ext.set_entry(self.code, self._count_interpreted, self.param_names)
        profiler.unflag(self.code)

    def _count_interpreted(self, args):
        self.stats.calls += 1
        self.stats.interpreted += 1
        return DECLINE

    def enter(self, args):
        # Called by the interpreter for every call: a bug in janus must never surface
        # as the user's exception.  It is recorded and the interpreter runs the call.
        try:
            return self._enter(args)
        except UpdatesLanded as exc:
            landed = exc.cause      # raised below, outside this handler: no janus context
        except Exception as exc:
            log.exception("janus: internal error in %s", self.stats.name)
            self.stats.note(f"janus internal error: {type(exc).__name__}: {exc}")
            self.give_up("janus internal error (see reasons)")
            return DECLINE
        raise landed

    def _enter(self, args):
        if not tf.executing_eagerly():
            return DECLINE     # called while some tf.function traces: not our call
        st = self.stats
        st.calls += 1
        if not no_tape_records():
            # An outer tape would take the call's gradient from its backward graph, not eager's
            st.note("interpreted: a GradientTape outside the call records it")
            return self._interpret(None)
        graph, miss = self.cache.lookup(args)
        if graph is not None:
            return self._run(graph, args)
        had_graphs = miss != cache.NO_GRAPH
        if had_graphs:
            st.guard_misses += 1
        if self.interpreted_calls < self.hot_calls:
            return self._interpret(miss if had_graphs else "profiling")
        if not self.cache.can_build():
            self.give_up(f"recompile limit ({cache.RECOMPILE_LIMIT}) reached; last miss: "
                         f"{miss}")
            return self._interpret(miss)
        if had_graphs:
            st.note(f"guard miss: {miss}")
            self._event(f"guard miss, rebuilding: {miss}")
        try:
            graph = self._build_or_specialise(args)
        except builder.NotYet as exc:
            st.note(f"not converted for this call: {exc}")
            self._event(f"interpreted first: {exc.reason}")
            self.raising_builds += 1
            if self.raising_builds > cache.RECOMPILE_LIMIT:
                self.give_up(exc.reason)
            return self._interpret(None)
        except builder.Raises as exc:
            # This call raises (its arguments decide it at entry): the interpreter must
            # run it.  Other calls may still convert.
            self.raising_builds += 1
            st.note(f"not converted for this call: {exc}")
            if self.raising_builds > cache.RECOMPILE_LIMIT:
                self.give_up(exc.reason)
            return self._interpret(None)
        except builder.Unsupported as exc:
            st.note(f"not converted: {exc}")
            self.give_up(exc.reason)
            return self._interpret(None)
        self.cache.insert(graph)
        st.status = "converted"
        # The wall-clock stamp lets bench/ time "start to first graph step".
        self._event(f"built graph {self.cache.builds} in {st.build_seconds:.2f} s total "
                    f"[t={time.time():.3f}]")
        self._event(f"graph {self.cache.builds}: {graph.gating.describe()}")
        profiler.unflag(self.code)    # profiling has served; calls now cost only guards
        return self._run(graph, args)

    def _interpret(self, reason):
        self.interpreted_calls += 1
        self.stats.interpreted += 1
        return DECLINE

    def _run(self, graph, args):
        try:
            result = graph.run(args)
        except numbers.OutOfRange as exc:
            # Read before the graph ran: nothing changed, and the graph stays.
            return self._number_check_failed(str(exc))
        except janus_inputs.AliasedVariable as exc:
            self.stats.note(str(exc))
            self._event(f"the interpreter runs this call: {exc}")
            return self._interpret(None)
        except random_ops.SeedRepeated as exc:
            # Eager continues an earlier stream for this seed (random_ops.py): this call
            # runs in the interpreter, with the generator as it was; the graph stays.
            self.stats.fallbacks += 1
            self.stats.note(f"random seed repeated: {exc}")
            self._event(f"random seed repeated, the interpreter runs this call: {exc}")
            return self._interpret(None)
        except UpdatesLanded as exc:
            self.cache.drop(graph)
            self.stats.note(f"failed after its updates landed, the call raises: {exc}")
            self._event(f"failed after its updates landed, the call raises: {exc}")
            raise
        except Exception as exc:
            failed = ASSUMPTION_FAILED.search(str(exc)) \
                if isinstance(exc, tf.errors.InvalidArgumentError) else None
            if failed is not None and int(failed.group(1)) in graph.raising_assumptions:
                # The call reaches a `raise` the graph leaves to the interpreter; no
                # update ran.  The graph stays for the calls that do not raise.
                where = graph.assumptions[int(failed.group(1))]
                self.stats.fallbacks += 1
                reason = (f"reaches a `raise` at {where[0].co_qualname}:"
                          f"{builder.line_of(*where)}")
                self.stats.note(reason)
                self._event(f"the interpreter runs this call: it {reason}")
                return self._interpret(None)
            if failed is not None:
                # No update ran, or they were undone (CompiledGraph.run).  Relax
                # the decision so that the next graph builds both ways.
                where = graph.assumptions[int(failed.group(1))]
                self.relaxed.add(where)
                self.stats.assert_failures += 1
                self.stats.relaxations += 1
                return self._fall_back(graph, f"assumption failed: branch at "
                                       f"{where[0].co_qualname}:{builder.line_of(*where)}"
                                       " went the other way; relaxed to a cond")
            check = NUMBER_CHECK_FAILED.search(str(exc)) \
                if isinstance(exc, tf.errors.InvalidArgumentError) else None
            if check is not None:
                # Python's result differs from what the graph can compute for this
                # call (numbers.py); nothing changed, and the graph stays for others.
                return self._number_check_failed(check.group(1).strip())
            heap_read = HEAP_READ_FAILED.search(str(exc))
            if heap_read is not None:
                # An object the graph reached at run time did not hold what the build
                # assumed (janus_ops.cc): no state changed; the interpreter runs it.
                return self._fall_back(graph, f"janus-heap-read failed: "
                                       f"{heap_read.group(1).strip()}")
            if isinstance(exc, tf.errors.InvalidArgumentError) \
                    and PROGRAM_CHECK_FAILED.search(str(exc)):
                # The interpreter runs the call and meets the same check, which the
                # program may catch; the graph stays for the calls whose data pass it.
                node = FAILED_NODE.search(str(exc))
                self.stats.fallbacks += 1
                reason = "a check the program wrote failed" + \
                    (f" at node {node.group(1)}" if node else "")
                self.stats.note(reason)
                self._event(f"the interpreter runs this call: {reason}")
                return self._interpret(None)
            # Guards held but the graph failed before its updates, or they were
            # undone: the interpreter runs the call, and raises the real error if
            # there is one.
            first_line = str(exc).splitlines()[0] if str(exc) else ""
            reason = f"graph failed at run time: {type(exc).__name__}: {first_line}"
            self.runtime_failures += 1
            if self.runtime_failures >= RUNTIME_FAILURE_LIMIT:
                self.cache.drop(graph)
                self.stats.fallbacks += 1
                self.give_up(f"{reason} ({RUNTIME_FAILURE_LIMIT} times)")
                return self._interpret(None)
            return self._fall_back(graph, reason)
        self.runtime_failures = 0
        self.stats.graph_runs += 1
        self.stats.heap_reads += graph.heap_reads
        self.stats.heap_writes += len(graph.effects)
        return result

    def _number_check_failed(self, reason):
        self.number_check_failures += 1
        self.stats.fallbacks += 1
        self.stats.note(f"number check failed: {reason}")
        self._event(f"number check failed, the interpreter runs this call: {reason}")
        if self.number_check_failures >= NUMBER_CHECK_LIMIT:
            self.give_up(f"number checks failed {NUMBER_CHECK_LIMIT} times; last: {reason}")
        return self._interpret(None)

    def _fall_back(self, graph, reason):
        self.cache.drop(graph)
        self.stats.note(reason)
        self.stats.fallbacks += 1
        self._event(f"fallback to the interpreter: {reason}")
        return self._interpret(None)

    def _build_or_specialise(self, args):
        try:
            return self._build_by_reference(args)
        except builder.NeedsExactShapes as exc:
            if not self.cache.relaxed_dims:
                raise
            # The program's tf.function is traced per shape: so is this code's graph.
            self.stats.note(f"dimensions exact again after: {exc.reason}")
            self.cache.relaxed_dims.clear()
            self.cache.never_relax = True
            return self._build_or_specialise(args)
        except builder.Unsupported as exc:
            if not self.cache.varying or isinstance(exc, (builder.Raises, builder.NotYet)):
                raise
            # A number read at call time became a tensor where the code needs a Python
            # value (a shape, tf.constant's argument): specialise such numbers again.
            self.stats.note(f"numbers specialised again after: {exc.reason}")
            self.cache.varying.clear()
            self.cache.never_vary = True
            return self._build_by_reference(args)

    def _build_by_reference(self, args):
        # Recursion over an argument's objects: pass them as pointers and build again.
        # Each round adds names (arguments, or globals a recursion walks) or gives up.
        for _ in range(len(self.arg_names) + 8):
            try:
                return self._build(args)
            except builder.NeedsReference as exc:
                if exc.names <= self.cache.by_reference:
                    raise
                self.stats.note(f"passed as object pointers: {', '.join(sorted(exc.names))}"
                                f" ({exc.reason})")
                self.cache.by_reference |= exc.names
            except builder.NeedsIdentity as exc:
                if exc.names <= self.cache.by_identity:
                    raise
                self.stats.note("read as the caller's objects: "
                                f"{', '.join(sorted(exc.names))}")
                self.cache.by_identity |= exc.names
        raise builder.Unsupported("arguments passed by reference do not settle", self.code)

    def _build(self, args):
        # Each attempt that meets library code calling the program's own Python marks
        # that code for the builder and starts again (janus/purity.py).
        for _ in range(purity.MAX_ATTEMPTS):
            try:
                return self._build_once(args)
            except purity.Retry as exc:
                self.stats.note(f"built again: {exc.reason}")
        raise builder.Unsupported("library callbacks into the program do not settle",
                                  self.code)

    def _build_once(self, args):
        started = time.perf_counter()
        call_args = _CallArgs()
        run = builder.Builder(self.code, self.globals, self.arg_names, args,
                              self.cache.relaxed_dims, profiler.profile(self.code),
                              self.relaxed, frozenset(self.cache.varying), call_args,
                              frozenset(self.cache.by_reference), len(self.code.co_freevars),
                              frozenset(self.cache.by_identity))
        run.plan_inputs()
        holder, made_variables = {}, []

        def graph_function(*flat_inputs):
            graph = run.root_graph = tf.compat.v1.get_default_graph()
            # The control dependencies tf.function would add (it is told not to: it
            # would add again the edges that gating removes), then the gating.
            with auto_control_deps.AutomaticControlDependencies() as deps, \
                    random_ops.drawing(graph, builder.Unsupported) as draws, \
                    tf.variable_creator_scope(purity.variables_noted(made_variables)):
                result = run.run(run.substitute(flat_inputs))
                escaped = raising.escaping(run, result, run.heap.effects)
                if escaped is not None:
                    raise builder.Unsupported(escaped, self.code)
                tensors = []
                holder["template"] = _flatten(
                    (result, [e.values for e in run.heap.effects], draws.size_outputs()),
                    run, tensors, {})
                returned = [deps.mark_as_return(t) for t in tensors]
            random_ops.check(graph, draws, run.guards)
            holder["draws"] = draws if draws.count else None
            try:
                # Number checks (numbers.py) are Assert ops: gated as checks like
                # janus's assumptions.
                holder["gating"] = atomic.gate(graph) if _gating_on() else \
                    atomic.Gating(0, 0, [], ())
            except atomic.Unrestorable as exc:
                raise builder.Unsupported(str(exc), self.code) from exc
            graph.control_outputs.extend(deps.ops_which_must_run)
            return returned

        with purity.watching(run) as watch, library_state.summary_reads() as summary:
            try:
                function = tf.function(graph_function, autograph=False,
                                       experimental_attributes={"_disable_acd": True}
                                       ).get_concrete_function(*run.inputs.specs)
            except Exception:
                if watch.verdict() is None:
                    raise
        verdict = watch.verdict()
        if verdict is not None:
            raise verdict
        if made_variables:
            raise builder.NotYet(purity.made_variables_reason(made_variables))
        for code in run.recursive_codes:
            counters.for_code(code).status = "converted (recursive graph)"
            counters.for_code(code).recursive_graphs += 1
            profiler.unflag(code)     # its profile gave the result types; no more cost
        self.stats.builds += 1
        self.stats.build_seconds += time.perf_counter() - started
        compiled = CompiledGraph(function, run.guards.freeze(), run.inputs,
                                 holder["template"], [key for _, key in run.assumptions],
                                 tuple(run.heap.effects), call_args,
                                 run.heap.call_time_reads, run.root_call_id is not None,
                                 run.provenance.alive, holder["gating"], holder["draws"],
                                 frozenset(run.raising_assumptions),
                                 run.python_draws if run.python_draws else None)
        lists, compiled.pinned_arrays = library_state.watch(
            run.library_objects.values(), compiled, run.provenance.names_of)
        compiled.guards += builder.guards.pinned_contents(lists)
        library_state.watch_tf_globals(summary, compiled)
        library_state.watch_functions(run.inlined.values(), compiled)
        return compiled


_states: dict = {}
_rejected: dict = {}


def consider(code, globals_dict, why=None):
    """Take over `code` unless it cannot be: a function that runs a GradientTape
    (janus/hot.py), or one that ran TF ops in many calls (janus/hot_ops.py, which gives
    `why`).  Returns its CodeState, or None when it was refused."""
    state = _states.get(code)
    if state is not None or code in _rejected:
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
    if code.co_cellvars:
        return "functions that make closures (cell variables) are not converted yet"
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
        return None
    state = _states[code] = CodeState(code, globals_dict)
    if why is not None:
        state.stats.note(f"taken over: {why}")
        state._event(f"taken over: {why}")
    state.install()
    # The call that entered the tape, or ran the op, is already running in the
    # interpreter.
    state.stats.calls += 1
    state._interpret("profiling")
    return state


def release_all():
    """Forget every converted function (tests use this between cases)."""
    for state in list(_states.values()):
        janus_ext.clear_entry(state.code)
    _states.clear()
    _rejected.clear()
    counters._table.clear()
    purity.release()
    janus_ext.release()
