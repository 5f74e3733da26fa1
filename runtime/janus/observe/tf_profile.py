"""One graph call under TensorFlow's own profiler → the TF ops it ran, on janus's clock.

A short ProfilerSession (the one tf.profiler uses) wraps the call; its host tracer
records every op the graph's executor ran, on TF's compute threads.  A TraceMe opened
just after the session starts is the anchor that maps the profiler's clock onto
time.perf_counter_ns().  Measured here: starting and stopping a session costs
0.2-0.5 ms, which is why JANUS_TRACE_OPS limits it to chosen calls.
"""

import time

_ANCHOR = "janus-trace-anchor"


class OpEvent:
    __slots__ = ("op_type", "node", "start_ns", "dur_ns", "thread_id", "thread_name")

    def __init__(self, op_type, node, start_ns, dur_ns, thread_id, thread_name):
        self.op_type, self.node, self.start_ns, self.dur_ns = op_type, node, start_ns, dur_ns
        self.thread_id, self.thread_name = thread_id, thread_name


class OpSession:
    __slots__ = ("session", "anchor", "anchor_ns")

    @classmethod
    def start(cls):
        """A running session, or the reason why none could start (a str)."""
        from tensorflow.python.profiler.internal import _pywrap_profiler, _pywrap_traceme
        self = cls()
        self.session = _pywrap_profiler.ProfilerSession()
        try:
            self.session.start("", {})
        except Exception as exc:
            return f"TensorFlow's profiler is in use ({type(exc).__name__}: {exc})"
        self.anchor_ns = time.perf_counter_ns()
        self.anchor = _pywrap_traceme.TraceMe(_ANCHOR)
        return self

    def stop(self):
        """The ops the session saw, each with node name, op type and janus-clock times."""
        from tensorflow.tsl.profiler.protobuf import trace_events_pb2
        self.anchor.Stop()
        trace = trace_events_pb2.Trace.FromString(self.session.stop())
        offset_ns = None
        for event in trace.trace_events:
            if event.name == _ANCHOR:
                offset_ns = self.anchor_ns - event.timestamp_ps // 1000
                break
        if offset_ns is None:
            return []
        names = {}
        for device in trace.devices.values():
            for rid, resource in device.resources.items():
                names[rid] = resource.name
        ops = []
        for event in trace.trace_events:
            long_name = event.args.get("long_name")
            if long_name is None:      # executor bookkeeping, not an op
                continue
            node = long_name.rsplit(":", 1)[0]
            ops.append(OpEvent(event.name, node, event.timestamp_ps // 1000 + offset_ns,
                               event.duration_ps // 1000, event.resource_id,
                               names.get(event.resource_id, "TF thread")))
        return ops
