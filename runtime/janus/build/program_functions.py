"""Inside the builder: a call of the program's own `tf.function` from a step
(docs/soundness.md#the-programs-own-tffunctions).

Eager calls such a function with the call's tensors: TF looks its trace up by their
exact shapes and dtypes (and Python arguments by value), and traces on a miss, running
the function's Python body then, with whatever it reads and does at trace time (a
global baked in, a list that records each trace).  The build must reach the same trace
at the same call, so:

- every tensor it hands the function has the shape eager's would (no dimension the
  cache relaxed: NeedsExactShapes makes the cache build one graph per shape, as TF
  keeps one trace per shape), and no number the graph carries for a Python number
  (eager retraces per value: the number is specialised again);
- inside the build, TF's cache key is eager's (init_scope lifts to the eager context),
  so a shape eager already traced reuses eager's trace, and a new one is traced once,
  at this call, as eager would;
- `tf.executing_eagerly()` in the program's code is True, as eager's, and
  `tf.config.functions_run_eagerly()` reads the guarded switch;
- under `tf.config.run_functions_eagerly(True)` its body is the program's code,
  inlined at every build like any function the step calls;
- the function's own methods (`experimental_get_tracing_count()`,
  `get_concrete_function`) answer from TF's trace cache, which no guard sees: refused;
- a build never traces it: where TF has no trace for the call yet, the build stops
  (NotYet) and the interpreter runs this call, so eager traces it (`no_new_traces`).  A
  trace made by a build would run the function's Python body when eager would not: the
  graph's call may fail before it reaches the function (a check_numerics before it),
  and the trace would then bake in what its globals held at that call, not at the
  call eager traces at;
- each call the graph makes is counted by TF's frequent-retracing detector at the
  commit, as eager's call counts it (`count_call`): the detector's "N out of the last M
  calls" warning, logged at a later traced call, counts the calls in between.
"""

import contextlib
import dis
import functools
import os
import threading

import tensorflow as tf
from tensorflow.python.eager.polymorphic_function import (eager_function_run,
                                                          polymorphic_function,
                                                          tracing_compilation)
from tensorflow.python.eager.polymorphic_function.polymorphic_function import Function
from tensorflow.python.framework import ops

from ..errors import NeedsExactShapes, NotYet, Unsupported, line_of
from ..state import reads
from ..values import from_library, is_symbolic


def is_program_function(fn) -> bool:
    """A tf.function (or its bound form) whose Python body is the program's."""
    return isinstance(fn, Function) and not from_library(fn.python_function)


def is_method_of_program_function(fn) -> bool:
    owner = getattr(fn, "__self__", None)
    return owner is not None and is_program_function(owner)


def answers_eager_question(fn) -> bool:
    return fn is tf.executing_eagerly or fn is tf.inside_function or \
        fn is tf.config.functions_run_eagerly


def asks_for_the_graph(fn) -> bool:
    """TF calls that answer from the graph being built where eager answers from the
    process's global graph (`tf.compat.v1.get_default_graph()`)."""
    return fn is ops.get_default_graph or fn is tf.compat.v1.get_default_graph


def eager_answer(b, fn):
    """What eager answers where the program's own code asks: it executes eagerly and
    not inside a function (the build is in a graph, the program is not), and
    run_functions_eagerly is the switch, guarded."""
    if fn is tf.executing_eagerly:
        return True
    if fn is tf.inside_function:
        return False
    return runs_eagerly(b)


def runs_eagerly(b) -> bool:
    """Under `tf.config.run_functions_eagerly(True)` eager runs the function's Python
    body at every call: the builder inlines it as the program's code.  The switch is
    guarded, so flipping it rebuilds."""
    return reads.library_switch(b, eager_function_run, "RUN_FUNCTIONS_EAGERLY")


def _display_name(fn):
    """The tf.function as the program's refusal texts name it."""
    return getattr(fn.python_function, "__qualname__", repr(fn))


def count_call(b, fn, code, offset):
    """Eager's call of a tf.function it does not trace tells TF's frequent-retracing
    detector (`called_without_tracing`): the window of recent calls in which its
    "N out of the last M calls ... triggered tf.function retracing" warning, logged
    through tf.get_logger() at a later traced call, counts M.  A graph's call of the
    function does not, so the commit tells it, once per call the step made.  A call in
    a cond arm or a loop body on a tensor is made a graph-decided number of times:
    refused."""
    name = _display_name(fn)
    if b.open_regions.depth or b.in_library_body():
        raise Unsupported(f"a call of the program's tf.function {name} inside a branch or "
                          "loop on a tensor: eager's retracing detector counts each call "
                          "made", code, offset)
    key = fn._key_for_call_stats
    if key is not None:       # (a Python function without code: no key, no detector)
        b.heap.call_with_effect(functools.partial(_detectors.called_without_tracing, key),
                                (), {})


def check_call(b, fn, args, kwargs, code, offset):
    """Refuse, or ask for exact shapes, unless eager's trace is what the call reaches."""
    name = _display_name(fn)
    if fn.input_signature is not None:
        return           # one trace for every call, as eager has
    for value in tf.nest.flatten((args, kwargs), expand_composites=True):
        if not is_symbolic(value):
            continue
        if b.provenance.number_of(value) is not None:
            raise Unsupported(f"a Python number the graph carries passed to the program's "
                              f"tf.function {name}: eager traces it per value", code, offset)
        if not value.shape.is_fully_defined():
            raise NeedsExactShapes(
                f"a tensor of shape {value.shape} passed to the program's tf.function "
                f"{name}: eager traces it per shape", code, offset)


def refuse_method(fn, code, offset):
    name = _display_name(fn.__self__)
    raise Unsupported(f"{fn.__name__}() of the program's tf.function {name}: it answers "
                      "from TF's traces, which change as TF traces", code, offset)


_detectors = polymorphic_function._frequent_tracing_detector_manager
_building = threading.local()       # .depth: builds in progress on this thread
# The janus package's directory: its frames in a build stand for the program's.
JANUS_DIRECTORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_hooked = []          # [True] once TF's tracing asks whether a build is in progress


@contextlib.contextmanager
def no_new_traces():
    """While a graph is built: a program tf.function that TF would trace (no trace for
    these shapes and Python values yet) raises NotYet before its Python body runs.
    janus's own tf.functions (the graph being built) and the libraries' trace."""
    _hook_tracing()
    _building.depth = getattr(_building, "depth", 0) + 1
    try:
        yield
    finally:
        _building.depth -= 1


def building() -> bool:
    """Whether janus builds a graph on this thread now."""
    return getattr(_building, "depth", 0) > 0


@contextlib.contextmanager
def library_called_at(code, offset):
    """While the build runs a library function natively for the program's call at
    `offset` of `code`: where eager's stack would name the caller of library code
    (library_caller)."""
    outer = getattr(_building, "call_site", None)
    _building.call_site = (code, offset)
    try:
        yield
    finally:
        _building.call_site = outer


def library_result_dropped() -> bool:
    """Whether the program drops what the library function the build runs for it now
    returns (its call is a statement: POP_TOP follows the call)."""
    site = getattr(_building, "call_site", None)
    if site is None:
        return False
    code, offset = site
    return _next_opname(code, offset) == "POP_TOP"


@functools.lru_cache(maxsize=256)
def _next_opname(code, offset):
    after = False
    for ins in dis.get_instructions(code):
        if after:
            return ins.opname
        after = ins.offset == offset
    return None


def library_caller(filename, line):
    """The (file, line) eager's stack would show for a frame of library code's caller
    that is (filename, line) in the build: the builder's own frame stands for the
    program's line it runs."""
    site = getattr(_building, "call_site", None)
    if site is None or not filename.startswith(JANUS_DIRECTORY):
        return filename, line
    code, offset = site
    return code.co_filename, line_of(code, offset)


def building_own_graph() -> bool:
    """Whether janus builds a graph on this thread now and the ops being made are its
    own: not those of a tf.function TF traces inside the build (eager traces it too)."""
    return building() and not getattr(_building, "tracing", 0)


@contextlib.contextmanager
def graph_built(graph):
    """While janus builds `graph` on this thread (builds_graph_of)."""
    graphs = _building.__dict__.setdefault("graphs", [])
    graphs.append(graph)
    try:
        yield
    finally:
        graphs.pop()


def builds_graph_of(value) -> bool:
    """Whether `value` is a tensor of the graph janus is building on this thread (not
    of a tf.function TF traces inside the build, nor an eager value)."""
    graphs = getattr(_building, "graphs", None)
    return bool(graphs) and getattr(value, "graph", None) is graphs[-1]


def _hook_tracing():
    """Once: TF's tracing of a concrete function first asks whether a build is in
    progress.  Set once, not per build: janus watches TF's modules, and replacing one of
    their functions makes every graph stale (janus_ext watch_library_code)."""
    if _hooked:
        return
    original = tracing_compilation._create_concrete_function

    @functools.wraps(original)
    def create_concrete_function(function_type, type_context, func_graph, options):
        fn = options.python_function
        if getattr(_building, "depth", 0) and not from_library(fn) and not _is_janus(fn):
            name = getattr(fn, "__qualname__", repr(fn))
            raise NotYet(f"the program's tf.function {name} has no trace for this call "
                         "yet: eager traces it, running its Python body, at this call")
        if _is_janus(fn):
            return original(function_type, type_context, func_graph, options)
        _building.tracing = getattr(_building, "tracing", 0) + 1    # (building_own_graph)
        try:
            return original(function_type, type_context, func_graph, options)
        finally:
            _building.tracing -= 1

    tracing_compilation._create_concrete_function = create_concrete_function
    _hooked.append(True)


def _is_janus(fn) -> bool:
    return (getattr(getattr(fn, "__func__", fn), "__module__", "") or "").startswith("janus")
