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


def _positive_int_or_off(value):
    return value == "off" or _positive_int(value)


def _positive_number(value):
    try:
        return float(value) > 0
    except ValueError:
        return False


# Calls of a function before janus builds its graph (JANUS_HOT), and calls that run TF
# ops without a tape before janus takes a function over (JANUS_HOT_OPS).
DEFAULT_HOT_CALLS = 3

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
    Switch("JANUS_HOT", str(DEFAULT_HOT_CALLS), "an integer >= 1", _positive_int,
           "interpreted (profiled) calls of a function before janus builds its graph."),
    Switch("JANUS_HOT_OPS", str(DEFAULT_HOT_CALLS), "an integer >= 1 or off", _positive_int_or_off,
           "calls of a function that ran TensorFlow ops in the interpreter, without a "
           "GradientTape, before janus takes it over (acting, evaluation, sampling, "
           "metric code; see the README for which function of a call chain).  off: "
           "only functions that enter a GradientTape are taken over."),
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
    Switch("JANUS_DATA_PARALLEL", "auto", "auto, off", _one_of("auto", "off"),
           "auto: when an MPI launcher started more than one rank, every GradientTape's "
           "gradients of trainable variables are averaged across ranks and each variable "
           "starts from rank 0's value (janus/distributed/__init__.py). off: ranks train apart."),
    Switch("JANUS_MPI_TIMEOUT", "300", "a number of seconds > 0", _positive_number,
           "how long a rank waits for the others at a collective before it ends the job "
           "(naming the ranks that did not arrive)."),
    Switch("JANUS_MPI_PROFILE", "0", "0, 1", _one_of("0", "1"),
           "1: print each collective's wait for the other ranks and data time to stderr."),
    Switch("JANUS_FUSION_BYTES", str(4 << 20), "an integer >= 1", _positive_int,
           "gradients are fused into buckets of about this many bytes, one collective "
           "each."),
    Switch("JANUS_GATING", "on", "on, off", _one_of("on", "off"),
           "on: a graph's state updates wait for every op that can fail (janus/"
           "atomic.py), so a failed call changes nothing.  off: for measuring what that "
           "costs (make bench-gating) only; a graph that fails at run time can then "
           "leave updates applied twice."),
    Switch("JANUS_XLA", "off", "off, on", _one_of("off", "on"),
           "on: janus compiles its graphs with XLA where it can keep all or nothing "
           "there (janus/graph/xla.py); their floats are then XLA's, as "
           "tf.function(jit_compile=True) computes them, not eager's.  off: TF's "
           "executor runs them."),
    Switch("JANUS_NUMERICS", "eager", "eager, graph", _one_of("eager", "graph"),
           "eager: janus's graphs compute eager's floats bit for bit with oneDNN off "
           "(TF's graph optimizer runs without its float-changing rewrites for them: "
           "arithmetic rewrites, constant folding, fused kernels).  graph: those "
           "rewrites as tf.function has them, which round differently from eager."),
)


# Launchers and the variables each sets for the number of ranks and for this process's
# rank (MPICH's hydra and PMI, Open MPI, MVAPICH, PMIx).
LAUNCHER_SIZE_VARIABLES = ("PMI_SIZE", "OMPI_COMM_WORLD_SIZE", "MV2_COMM_WORLD_SIZE")
LAUNCHER_RANK_VARIABLES = ("PMI_RANK", "OMPI_COMM_WORLD_RANK", "MV2_COMM_WORLD_RANK",
                           "PMIX_RANK")


def launched_size(environ=None) -> int:
    """How many ranks an MPI launcher started (1 when not launched by one)."""
    environ = os.environ if environ is None else environ
    for name in LAUNCHER_SIZE_VARIABLES:
        if environ.get(name, "").isdigit():
            return int(environ[name])
    return 1


def launched_rank(environ=None) -> int | None:
    """This process's rank under an MPI launcher, else None."""
    environ = os.environ if environ is None else environ
    for name in LAUNCHER_RANK_VARIABLES:
        if environ.get(name, "").isdigit():
            return int(environ[name])
    return None


class Config:
    __slots__ = ("mode", "stats_path", "log", "hot_calls", "trace_path", "trace_ops",
                 "data_parallel", "mpi_timeout", "fusion_bytes", "hot_ops", "gating",
                 "eager_numerics", "xla")

    def __init__(self, mode: str, stats_path: str, log: bool, hot_calls: int,
                 trace_path: str = "", trace_ops: str = "first:10",
                 data_parallel: str = "auto", mpi_timeout: float = 300.0,
                 fusion_bytes: int = 4 << 20, hot_ops: int | None = DEFAULT_HOT_CALLS,
                 gating: bool = True, eager_numerics: bool = True,
                 xla: bool = False):
        self.mode, self.stats_path, self.log, self.hot_calls = mode, stats_path, log, hot_calls
        self.trace_path, self.trace_ops = trace_path, trace_ops
        self.data_parallel, self.mpi_timeout, self.fusion_bytes = \
            data_parallel, mpi_timeout, fusion_bytes
        self.hot_ops = hot_ops    # None: detection from ops is off
        self.gating = gating
        self.eager_numerics = eager_numerics
        self.xla = xla

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
                  trace_path=values["JANUS_TRACE"], trace_ops=values["JANUS_TRACE_OPS"],
                  data_parallel=values["JANUS_DATA_PARALLEL"],
                  mpi_timeout=float(values["JANUS_MPI_TIMEOUT"]),
                  fusion_bytes=int(values["JANUS_FUSION_BYTES"]),
                  hot_ops=None if values["JANUS_HOT_OPS"] == "off"
                  else int(values["JANUS_HOT_OPS"]),
                  gating=values["JANUS_GATING"] == "on",
                  eager_numerics=values["JANUS_NUMERICS"] == "eager",
                  xla=values["JANUS_XLA"] == "on")


_active = None


def activate_from_environ() -> Config:
    """Validate the switches once, at interpreter start-up (janus/startup.py); every
    later stage asks `active()` for them."""
    global _active
    _active = from_environ()
    return _active


def active():
    """The validated switches, or None when start-up did not activate janus."""
    return _active


def help_text() -> str:
    import textwrap
    lines = ["janus-python switches (environment variables):", ""]
    for s in SWITCHES:
        lines.append(f"  {s.name}: {s.allowed}   (default: {s.default or 'unset'})")
        lines.extend(textwrap.wrap(s.doc, 80, initial_indent="      ",
                                   subsequent_indent="      "))
    return "\n".join(lines)
