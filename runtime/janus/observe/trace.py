"""What janus does during a run → timed events (JANUS_TRACE): a Chrome Trace Event file
or TensorBoard profile annotations, plus per-function times for `janus explain`.

Nothing here is installed unless a recorder is started (JANUS_TRACE, or `-m janus
explain -- script`).  Then `CodeState.install` hands the interpreter `entry_for(state)`
instead of `state.enter`, and the recorder observes that one CodeState by wrapping, on
the instance, the methods where janus decides: `cache.lookup` (guard checks, misses,
relaxed dimensions), `_build_or_specialise` (builds), `_fall_back`,
`_number_check_failed` and `give_up` (fallbacks and their reasons), and `run` of each
graph it builds; `heap.commit` (the deferred Python writes) is wrapped module-wide.
With no recorder no wrapper exists: tracing off costs nothing.

A call the executor declines runs on in the interpreter, past janus: its end comes from
sys.monitoring PY_RETURN / PY_UNWIND on the watched code objects, under a tool id of
its own (janus_ext keeps tool 5).
"""

import atexit
import os
import sys
import threading
import time

from .. import config
from . import counters

recorder = None      # the active Recorder, or None: nothing is traced

# The unnamed sys.monitoring tools; 5 is janus_ext's, and purity.py (build watch) asks
# for 4 first, so the tracer asks for 3 first.  Never 1 or 2: coverage and cProfile
# claim those when the program starts them.
TRACE_TOOL_IDS = (3, 4)
_now = time.perf_counter_ns


def per_rank_path(path, rank):
    """trace.json → trace.rank3.json, profile/ → profile/rank3/: ranks never overwrite
    each other, and their files share one clock (wall time), so they line up."""
    if rank is None:
        return path
    if path.endswith(os.sep) or os.path.isdir(path):
        return os.path.join(path, f"rank{rank}") + os.sep
    root, ext = os.path.splitext(path)
    return f"{root}.rank{rank}{ext or '.json'}"


def start(path, ops="off", sink=None):
    """Begin recording.  `path` ending in "/" (or naming a directory) writes a TensorBoard
    profile there; any other path a Chrome Trace Event JSON file; None records only the
    per-function times (`janus explain`)."""
    global recorder
    from . import sinks
    if sink is None:
        rank = config.launched_rank()
        if path is None:
            sink = sinks.NullSink()
        elif path.endswith(os.sep) or os.path.isdir(path):
            sink = sinks.ProfileSink(per_rank_path(path, rank), rank)
        else:
            sink = sinks.JsonSink(per_rank_path(path, rank), rank,
                                        sinks.OpsPolicy(ops))
    recorder = Recorder(sink)
    atexit.register(recorder.finish)
    return recorder


def entry_for(state):
    """The function the interpreter calls on entry to `state.code`."""
    return state.enter if recorder is None else recorder.attach(state)


def source_of(code):
    return {"file": code.co_filename, "line": code.co_firstlineno}


class _OpenCall:
    __slots__ = ("code", "token", "start", "stats")

    def __init__(self, code, token, start, stats):
        self.code, self.token, self.start, self.stats = code, token, start, stats


class Recorder:
    """Turns what the executor does into sink events and per-function times."""

    def __init__(self, sink):
        self.sink = sink
        self.local = threading.local()    # .open: interpreted calls still running
        self.watched = {}                 # code → CodeState
        self.tool = None
        self.graph_calls = 0
        self.calls = 0
        self.build_ns = 0
        self._commit = None
        self.finished = False

    # -- set-up --------------------------------------------------------------------

    def attach(self, state):
        if state.code in self.watched:
            return self.watched[state.code]._traced_entry
        self._claim_tool()
        self.sink.started()
        st = state.stats
        st.graph_seconds = st.interpreted_seconds = 0.0
        self.watched[state.code] = state
        events = sys.monitoring.events
        sys.monitoring.set_local_events(self.tool, state.code, events.PY_RETURN)
        self._wrap_decisions(state)
        if self._commit is None:
            from ..state import heap
            self._commit = heap.commit
            heap.commit = self._traced_commit
        entry = state._traced_entry = self._entry(state)
        # The call that entered the tape is running already, in the interpreter:
        # it is this function's first call (executor.consider), ending at its return.
        self._open(state.code, "profiling", _now(), "first call; janus took it over")
        return entry

    def watch_interpreted(self, code, reason):
        """Time every call of `code`, which janus left to the interpreter (`reason`):
        for these calls the interpreter no longer asks janus, so PY_START marks them."""
        self._claim_tool()
        self.sink.started()
        st = counters.for_code(code)
        if st.interpreted_seconds is None:
            st.graph_seconds = st.interpreted_seconds = 0.0
        self.sink.instant("not converted", "fallback", _now(), dict(
            source_of(code), reason=reason, **_line_in(reason, code)))
        events = sys.monitoring.events
        sys.monitoring.set_local_events(self.tool, code,
                                        events.PY_START | events.PY_RETURN)
        if code not in self.watched:
            self.watched[code] = None
            # Rejected on its first call, which is running now (executor.consider).
            self._open(code, "interpreted", _now(), reason)

    def _claim_tool(self):
        if self.tool is not None:
            return
        monitoring = sys.monitoring
        for tool in TRACE_TOOL_IDS:
            if monitoring.get_tool(tool) is None:
                monitoring.use_tool_id(tool, "janus trace")
                self.tool = tool
                break
        else:
            raise RuntimeError("JANUS_TRACE needs a free sys.monitoring tool id "
                               f"(one of {TRACE_TOOL_IDS}); all are in use")
        monitoring.register_callback(self.tool, monitoring.events.PY_START,
                                     self._started)
        monitoring.register_callback(self.tool, monitoring.events.PY_RETURN,
                                     self._returned)
        monitoring.register_callback(self.tool, monitoring.events.PY_UNWIND,
                                     self._unwound)
        # PY_UNWIND cannot be a local event: it fires for every frame an exception
        # leaves, and _unwound ignores all but the watched call on top of the stack.
        monitoring.set_events(self.tool, monitoring.events.PY_UNWIND)

    def finish(self):
        if self.finished:
            return
        self.finished = True
        end = _now()
        for call in getattr(self.local, "open", ()):
            self._close(call, end, "the process exited inside the call")
        self.sink.finish()

    # -- calls ---------------------------------------------------------------------

    def _entry(self, state):
        enter, stats, code, sink = state.enter, state.stats, state.code, self.sink
        decline = _decline()

        def traced_enter(args):
            start = _now()
            runs, fallbacks = stats.graph_runs, stats.fallbacks
            token = sink.begin("call " + stats.qualname, "call", start, source_of(code))
            try:
                result = enter(args)
            except BaseException as exc:
                # The interpreter unwinds the frame janus answered: not a call it runs.
                self._skip_unwind(code)
                self._end_call(state, token, start, "graph", runs,
                               {"raised": f"{type(exc).__name__}: {exc}"})
                raise
            if result is decline:
                mode = "fallback" if stats.fallbacks != fallbacks else _mode_of(code)
                self._push(_OpenCall(code, token, start, stats))
                token.args["mode"] = mode
            else:
                self._end_call(state, token, start, "graph", runs, None)
            return result
        return traced_enter

    def _open(self, code, mode, start, note):
        stats = counters.for_code(code)
        token = self.sink.begin("call " + stats.qualname, "call", start,
                                dict(source_of(code), mode=mode, note=note))
        self._push(_OpenCall(code, token, start, stats))

    def _started(self, code, offset):
        self._open(code, "interpreted", _now(), None)

    def _push(self, call):
        stack = getattr(self.local, "open", None)
        if stack is None:
            stack = self.local.open = []
        stack.append(call)

    def _skip_unwind(self, code):
        self.local.skip = code

    def _returned(self, code, offset, value):
        self._pop(code)

    def _unwound(self, code, offset, exc):
        if getattr(self.local, "skip", None) is code:
            self.local.skip = None
            return
        self._pop(code)

    def _pop(self, code):
        stack = getattr(self.local, "open", None)
        if stack and stack[-1].code is code:
            self._close(stack.pop(), _now(), None)

    def _close(self, call, end, note):
        st = call.stats
        st.interpreted_seconds += (end - call.start) / 1e9
        self.calls += 1
        if note:
            call.token.args["note"] = note
        self.sink.end(call.token, end)
        self._counters(end, st, 0, 0)

    def _end_call(self, state, token, start, mode, runs_before, extra):
        end = _now()
        st = state.stats
        self.calls += 1
        if st.graph_runs != runs_before:
            self.graph_calls += 1
            st.graph_seconds += (end - start) / 1e9
            token.args["mode"] = mode
            graph = state.cache.entries[0] if state.cache.entries else None
            reads = graph.heap_reads if graph is not None else 0
            writes = len(graph.effects) if graph is not None else 0
        else:
            token.args["mode"] = "raised"
            reads = writes = 0
        if extra:
            token.args.update(extra)
        self.sink.end(token, end)
        self._counters(end, st, reads, writes)

    def _counters(self, when, st, reads, writes):
        self.sink.counter("janus", when, {
            "graph fraction": round(self.graph_calls / self.calls, 4) if self.calls else 0,
            "build seconds so far": round(self.build_ns / 1e9, 4)})
        self.sink.counter("heap per call", when, {"reads": reads, "writes": writes})

    # -- decisions -----------------------------------------------------------------

    def _wrap_decisions(self, state):
        sink, code, cache = self.sink, state.code, state.cache
        lookup, build = cache.lookup, state._build_or_specialise
        fall_back, number_failed, give_up = \
            state._fall_back, state._number_check_failed, state.give_up

        def traced_lookup(args):
            source = source_of(code)
            token = sink.begin("guard check", "guards", _now(), source_of(code))
            relaxed = {k: set(v) for k, v in cache.plan.relaxed_dims.items()}
            varying = set(cache.plan.varying)
            graph, miss = lookup(args)
            end = _now()
            token.args.update(result="hit" if graph is not None else "miss", guards=len(
                (graph or cache.entries[0]).guards) if graph or cache.entries else 0)
            if miss:
                token.args["failing guard"] = miss
            sink.end(token, end)
            if graph is None and cache.entries:
                sink.instant("guard miss", "guards", end, dict(source, failing_guard=miss))
            for where, dims in cache.plan.relaxed_dims.items():
                if dims != relaxed.get(where, set()):
                    sink.instant("relaxation", "rebuild", end, dict(
                        source, what=f"{where} dimensions {sorted(dims)} relaxed to any size"))
            for where in cache.plan.varying - varying:
                sink.instant("relaxation", "rebuild", end, dict(
                    source, what=f"{where} varies: read at call time, not specialised"))
            state._last_miss = miss
            return graph, miss

        def traced_build(graphs, args):
            start = _now()
            reason = "first build after profiling" if not graphs.entries else \
                f"rebuild after guard miss: {getattr(state, '_last_miss', None)}"
            if graphs is not cache:
                reason += " (for calls under a GradientTape)"
            token = sink.begin("build " + state.stats.qualname, "build", start,
                               dict(source_of(code), reason=reason, number=graphs.builds + 1))
            try:
                graph = build(graphs, args)
                token.args.update(outcome="built", guard_count=len(graph.guards),
                                  heap_reads=graph.heap_reads, heap_writes=len(graph.effects))
            except Exception as exc:
                token.args.update(outcome="not built", why=str(exc))
                token.args.update(_where(exc, code))
                raise
            finally:
                end = _now()
                self.build_ns += end - start
                sink.end(token, end)
            graph.run = self._traced_run(state, graph, graph.run)
            return graph

        def traced_fall_back(graph, reason):
            kind = "assertion failure" if reason.startswith("assumption failed") \
                else "fallback"
            sink.instant(kind, "fallback", _now(), dict(source_of(code), reason=reason,
                                                         **_line_in(reason, code)))
            if kind == "assertion failure":
                sink.instant("relaxation", "rebuild", _now(), dict(
                    source_of(code), what=reason, **_line_in(reason, code)))
            return fall_back(graph, reason)

        def traced_number_failed(reason):
            sink.instant("fallback", "fallback", _now(), dict(
                source_of(code), reason=f"number check failed: {reason}"))
            return number_failed(reason)

        def traced_give_up(reason):
            result = give_up(reason)
            self.watch_interpreted(code, reason)
            return result

        cache.lookup = traced_lookup
        state._build_or_specialise = traced_build
        state._fall_back, state._number_check_failed, state.give_up = \
            traced_fall_back, traced_number_failed, traced_give_up

    def _traced_run(self, state, graph, run):
        sink, code = self.sink, state.code
        label = f"graph {state.stats.qualname} ({state.cache.builds + 1})"

        def traced_run(args):
            start = _now()
            token = sink.begin(label, "graph", start, dict(
                source_of(code), heap_reads=graph.heap_reads,
                heap_writes=len(graph.effects)))
            ops = sink.ops_begin(token)
            self.local.running = code
            try:
                return run(args)
            except BaseException as exc:
                token.args["failed"] = f"{type(exc).__name__}: {str(exc)[:200]}"
                raise
            finally:
                end = _now()
                sink.ops_end(ops, token, graph, code)
                sink.end(token, end)
        return traced_run

    def _traced_commit(self, effects, values):
        if not effects:
            return self._commit(effects, values)
        code = getattr(self.local, "running", None)
        token = self.sink.begin("commit Python writes", "commit", _now(), dict(
            source_of(code) if code is not None else {}, writes=len(effects),
            targets=", ".join(sorted({f"{e.kind} {e.name}" for e in effects}))))
        try:
            return self._commit(effects, values)
        finally:
            self.sink.end(token, _now())


def _decline():
    import janus_ext
    return janus_ext.DECLINE


def _mode_of(code):
    import janus_ext
    return "profiling" if janus_ext.is_flagged(code) else "interpreted"


def _where(exc, code):
    """The source location an Unsupported names, else the function's."""
    from ..errors import Unsupported
    line = code.co_firstlineno
    if isinstance(exc, Unsupported):
        return _line_in(str(exc), code) or {"line": line}
    return {"line": line}


_AT_FILE_LINE = None


def location_in(reason):
    """The (file or None, line) a reason names: "(f at path.py:12)" or "f:12 went"."""
    global _AT_FILE_LINE
    import re
    if _AT_FILE_LINE is None:
        _AT_FILE_LINE = (re.compile(r" at (\S+?):(\d+)\)"), re.compile(r"[\w>.<]+:(\d+) "))
    found = _AT_FILE_LINE[0].search(reason)
    if found:
        return found.group(1), int(found.group(2))
    found = _AT_FILE_LINE[1].search(reason)
    if found:
        return None, int(found.group(1))
    return None


def _line_in(reason, code):
    """`... at file:line)` or `qualname:line` in a reason → {"file", "line"}."""
    found = location_in(reason)
    if found is None:
        return {}
    file, line = found
    return {"file": file or code.co_filename, "line": line}
