"""Environment → validated janus switches (the JANUS_* variables, each documented here)."""

import os

# Plain classes, not dataclasses: this module runs at every interpreter start, and
# importing dataclasses (inspect, re, ...) tripled `janus-python -c pass` (18 → 60 ms).


class JanusConfigError(ValueError):
    """A JANUS_* variable has a value janus does not accept."""


class Switch:
    __slots__ = ("name", "default", "allowed", "check", "doc")

    def __init__(self, name: str, default: str, allowed: str, check, doc: str):
        self.name, self.default, self.allowed, self.check, self.doc = \
            name, default, allowed, check, doc


def _one_of(*choices):
    return lambda value: value in choices


def _positive_int(value):
    return value.isdigit() and int(value) >= 1


def _op_detail(value):
    kind, colon, count = value.partition(":")
    if kind == "off" and not colon:
        return True
    return kind in ("first", "every") and count.isdigit() and int(count) >= 1


SWITCHES = (
    Switch("JANUS_MODE", "on", "on, off", _one_of("on", "off"),
           "on: profile hot code and run it as TensorFlow graphs. "
           "off: the plain CPython 3.13.5 interpreter; nothing of janus is imported "
           "(the reference that janus results are compared against)."),
    Switch("JANUS_STATS", "", "a file path", lambda value: True,
           "when set, write a JSON report to this file at exit: per function janus "
           "considered, calls, graph calls, graphs built, guard misses, assertion "
           "failures, fallbacks and why it was not converted, plus totals."),
    Switch("JANUS_LOG", "0", "0, 1", _one_of("0", "1"),
           "1: print each graph build, rebuild and fallback to stderr, with its reason."),
    Switch("JANUS_HOT", "3", "an integer >= 1", _positive_int,
           "interpreted (profiled) calls of a function before janus builds its graph."),
    Switch("JANUS_TRACE", "", "a file path, or a directory ending in /", lambda value: True,
           "when set, record a timeline of the run: every call of a function janus "
           "watches (interpreted, profiling, graph), guard checks and misses, builds, "
           "fallbacks with reasons, commits of Python writes, TF ops inside graph "
           "calls.  A file gets Chrome Trace Event JSON (Perfetto, chrome://tracing); "
           "a directory (path ending in /) a TensorBoard profile.  Under MPI each rank "
           "writes its own (name.rankN.json, dir/rankN/)."),
    Switch("JANUS_TRACE_OPS", "first:10", "off, first:K, every:K (K >= 1)", _op_detail,
           "with JANUS_TRACE=<file>: which graph calls also record TensorFlow's op "
           "events (TF's profiler, 0.2-0.5 ms per recorded call): the first K, every "
           "Kth, or none."),
)


class Config:
    __slots__ = ("mode", "stats_path", "log", "hot_calls", "trace_path", "trace_ops")

    def __init__(self, mode: str, stats_path: str, log: bool, hot_calls: int,
                 trace_path: str = "", trace_ops: str = "first:10"):
        self.mode, self.stats_path, self.log, self.hot_calls = mode, stats_path, log, hot_calls
        self.trace_path, self.trace_ops = trace_path, trace_ops

    @property
    def enabled(self) -> bool:
        return self.mode == "on"


def switch_value(switch: Switch, environ) -> str:
    value = environ.get(switch.name, switch.default)
    if not switch.check(value):
        raise JanusConfigError(
            f"{switch.name}={value!r} is not valid (must be {'one of: ' if ',' in switch.allowed else ''}"
            f"{switch.allowed}; default {switch.default or 'unset'})")
    return value


def from_environ(environ=None) -> Config:
    environ = os.environ if environ is None else environ
    values = {s.name: switch_value(s, environ) for s in SWITCHES}
    return Config(mode=values["JANUS_MODE"], stats_path=values["JANUS_STATS"],
                  log=values["JANUS_LOG"] == "1", hot_calls=int(values["JANUS_HOT"]),
                  trace_path=values["JANUS_TRACE"], trace_ops=values["JANUS_TRACE_OPS"])


def help_text() -> str:
    import textwrap
    lines = ["janus-python switches (environment variables):", ""]
    for s in SWITCHES:
        lines.append(f"  {s.name}: {s.allowed}   (default: {s.default or 'unset'})")
        lines.extend(textwrap.wrap(s.doc, 80, initial_indent="      ",
                                   subsequent_indent="      "))
    return "\n".join(lines)
