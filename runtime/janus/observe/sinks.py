"""Recorder events → where they go: a Chrome Trace Event JSON file (with TF's op events
for chosen graph calls), TensorBoard profile annotations (TraceMe), or nowhere.

A sink sees slices (`begin` → token, then `end`), instants and counters, stamped with
time.perf_counter_ns().  The JSON file shifts every stamp to wall-clock microseconds, so
that the files of several MPI ranks line up on one timeline.
"""

import json
import os
import threading
import time


class Slice:
    __slots__ = ("name", "cat", "start", "args", "tid", "traceme")

    def __init__(self, name, cat, start, args, tid):
        self.name, self.cat, self.start, self.args, self.tid = name, cat, start, args, tid
        self.traceme = None


class OpsPolicy:
    """Which graph calls get TF's op events (JANUS_TRACE_OPS): off, first:K, every:K."""

    def __init__(self, text):
        self.text = text
        kind, _, count = text.partition(":")
        self.kind, self.count = kind, int(count) if count else 0

    def wants(self, call_number):
        if self.kind == "first":
            return call_number <= self.count
        if self.kind == "every":
            return call_number % self.count == 1 or self.count == 1
        return False


class NullSink:
    """Times only (`janus explain`): the recorder keeps per-function seconds."""

    def started(self):
        pass

    def begin(self, name, cat, start, args):
        return Slice(name, cat, start, args, 0)

    def end(self, token, end):
        pass

    def instant(self, name, cat, when, args):
        pass

    def counter(self, name, when, values):
        pass

    def ops_begin(self, token):
        return None

    def ops_end(self, ops, token, graph, code):
        pass

    def finish(self):
        pass


class JsonSink(NullSink):
    """Events → one Chrome Trace Event JSON file, written at exit."""

    def __init__(self, path, rank, ops_policy):
        self.path, self.rank = path, rank
        self.ops_policy = ops_policy or OpsPolicy("off")
        self.events = []      # (ph, name, cat, ns, dur_ns, tid, args)
        self.threads = {}
        self.graph_calls = 0
        self.op_note = None
        # One reading of both clocks: perf_counter for precision, wall time to align ranks.
        self.wall_offset_ns = time.time_ns() - time.perf_counter_ns()

    def _tid(self):
        tid = threading.get_native_id()
        if tid not in self.threads:
            self.threads[tid] = threading.current_thread().name
        return tid

    def begin(self, name, cat, start, args):
        return Slice(name, cat, start, args, self._tid())

    def end(self, token, end):
        self.events.append(("X", token.name, token.cat, token.start, end - token.start,
                            token.tid, token.args))

    def instant(self, name, cat, when, args):
        self.events.append(("i", name, cat, when, 0, self._tid(), args))

    def counter(self, name, when, values):
        self.events.append(("C", name, "counter", when, 0, self._tid(), values))

    def ops_begin(self, token):
        self.graph_calls += 1
        if not self.ops_policy.wants(self.graph_calls):
            return None
        from . import tf_profile
        session = tf_profile.OpSession.start()
        if isinstance(session, str):
            self.op_note = session     # another profiler runs: no op detail, say why
            self.ops_policy = OpsPolicy("off")
            token.args["op detail"] = session
            return None
        return session

    def ops_end(self, ops, token, graph, code):
        if ops is None:
            return
        for op in ops.stop():
            tid = op.thread_id
            self.threads.setdefault(tid, op.thread_name)
            # The function whose graph ran the op: the builder keeps no op → line map.
            args = {"node": op.node, "graph call": token.name, "file": code.co_filename,
                    "line": code.co_firstlineno}
            self.events.append(("X", op.op_type, "op", op.start_ns, op.dur_ns, tid, args))

    def finish(self):
        pid = os.getpid()
        who = f"janus-python rank {self.rank}" if self.rank is not None else "janus-python"
        out = [{"ph": "M", "name": "process_name", "pid": pid, "tid": 0,
                "args": {"name": f"{who} (pid {pid})"}}]
        if self.rank is not None:
            out.append({"ph": "M", "name": "process_sort_index", "pid": pid, "tid": 0,
                        "args": {"sort_index": self.rank}})
        for tid, name in self.threads.items():
            out.append({"ph": "M", "name": "thread_name", "pid": pid, "tid": tid,
                        "args": {"name": name}})
        shift = self.wall_offset_ns
        # Parents before children at equal stamps: a longer slice sorts first.
        for ph, name, cat, ns, dur, tid, args in sorted(
                self.events, key=lambda e: (e[5], e[3], -e[4])):
            event = {"ph": ph, "name": name, "cat": cat, "ts": (ns + shift) / 1000,
                     "pid": pid, "tid": tid, "args": args}
            if ph == "X":
                event["dur"] = dur / 1000
            elif ph == "i":
                event["s"] = "t"
            out.append(event)
        other = {"janus": "JANUS_TRACE", "op detail": self.ops_policy.text}
        if self.op_note:
            other["op detail unavailable"] = self.op_note
        directory = os.path.dirname(self.path)
        if directory:
            os.makedirs(directory, exist_ok=True)
        with open(self.path, "w", encoding="utf-8") as f:
            json.dump({"traceEvents": out, "displayTimeUnit": "ms", "otherData": other},
                      f, default=str)


class ProfileSink(NullSink):
    """Events → TraceMe annotations inside a TF profiler session over the whole run, so
    TensorBoard's profile plugin shows them beside TF's own op events."""

    def __init__(self, logdir, rank):
        self.logdir, self.rank = logdir, rank
        self.running = False
        self.failed = None

    def started(self):
        # The first function janus takes over: TensorFlow is imported by then.
        if self.running or self.failed:
            return
        import atexit

        import tensorflow as tf
        try:
            tf.profiler.experimental.start(self.logdir)
        except Exception as exc:       # a profiler the program started itself
            self.failed = f"{type(exc).__name__}: {exc}"
            print(f"janus-python: JANUS_TRACE={self.logdir}: cannot start TensorFlow's "
                  f"profiler ({self.failed}); no trace is written", flush=True)
            return
        self.running = True
        from tensorflow.python.profiler.internal import _pywrap_traceme
        self._traceme = _pywrap_traceme.TraceMe
        # Registered now, after TensorFlow's own exit handlers: it runs before them.
        atexit.register(self.finish)

    def begin(self, name, cat, start, args):
        token = Slice(name, cat, start, args, 0)
        if self.running:
            token.traceme = self._traceme(f"janus {name}", **_metadata(args, cat))
        return token

    def end(self, token, end):
        if token.traceme is not None:
            token.traceme.SetMetadata(**_metadata(token.args, token.cat))
            token.traceme.Stop()

    def instant(self, name, cat, when, args):
        if self.running:
            self._traceme(f"janus {name}", **_metadata(args, cat)).Stop()

    def finish(self):
        if self.running:
            self.running = False
            import tensorflow as tf
            tf.profiler.experimental.stop()


def _metadata(args, cat):
    # TraceMe encodes metadata as "name#k=v,k=v#": keep those characters out of values.
    out = {"janus": cat}
    for key, value in args.items():
        text = str(value).replace(",", ";").replace("#", " ").replace("=", ":")
        out[key.replace(" ", "_")] = text
    return out
