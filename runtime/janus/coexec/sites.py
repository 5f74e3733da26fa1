"""A Keras layer, model, loss, metric or optimizer called by code that stays in the
interpreter → that call site runs a graph, while the code around it runs in the
interpreter (co-execution).

A training step janus cannot make one graph (an episode that samples actions with NumPy
and steps a Python environment, a step that calls an unknown C function) still spends
most of its time in calls whose work is all TF ops: a Keras model, a layer, a loss, a
metric, an optimizer's update.
Eager runs each of them through Keras' Python, op by op.  Here each such call site in
the program's interpreted code gets its own graphs, built and guarded like a converted
function's (run/executor.CodeState: the same builder, guards, deferred writes and
fallback), and the program around it runs as it is: the interpreter is the skeleton,
the sites are the graphs.  Under the program's GradientTape the site's graph gives the
tape eager's record of each op (graph/tape_records.py), so the tape's gradient is eager's.

Which calls: the call of `Layer.__call__` (models and layers), `Loss.__call__`,
`Metric.__call__` or an optimizer's `apply_gradients`/`apply` (Keras' own: eager runs
Adam's update of a small model op by op in about ten milliseconds of Python) made
directly by a frame of the program's own code that janus does not run as a graph: the
innermost function up the stack that janus took over gave it up or was refused, or no
function up the stack was taken over (module-level code, code never hot). Calls made
while such a function warms up, or falls back for one call, are not sites. Calls that
Keras makes itself (a model calling its layers, apply_gradients calling apply) and calls
inside code janus converts are not sites: the enclosing graph holds them. Nor is a call
that reached Keras' method through `super()` from an override of it: the site would call
the override again.

janus sets an entry function on those code objects once a function of the program
stays in the interpreter.  From then on every eager call of them pays a frame lookup
(about a microsecond, against Keras' own hundreds) and calls in graph mode pay one
`executing_eagerly` check.  A site is keyed by the calling code and the offset of its
call instruction; its statistics are reported under the call site.
"""

import sys
from typing import NamedTuple

from tensorflow.python.eager import context

import janus_ext

from .. import values
from ..build import purity
from ..errors import line_of
from ..frontend import bytecode
from ..observe import counters
from ..run import executor
from . import backward

DECLINE = janus_ext.DECLINE
_getframe = sys._getframe
_executing_eagerly = context.executing_eagerly
_taken_over = executor.taken_over

_sites: dict = {}            # (caller code, call offset) -> SiteState
_callers: dict = {}          # caller code -> True when it is the program's code
_pass_through: set = set()   # wrapper codes between the caller and the callee
_enabled = False
_bypass = False              # the site itself calls the callee (see _run_materialized)


def call_at_site(callee, args, kwargs):
    """What a site's graph is built from: the call as the program made it.  The builder
    runs the library callable natively inside the graph, as it does for a call in a
    converted function."""
    return callee(*args, **kwargs)


def apply_gradients_at_site(optimizer, args, kwargs):
    """`optimizer.apply_gradients(...)` as the program called it (see call_at_site).
    Keras returns the optimizer's step counter, a Keras variable the graph cannot
    return as itself: the site's entry function returns it after the graph."""
    optimizer.apply_gradients(*args, **kwargs)


def apply_at_site(optimizer, args, kwargs):
    """`optimizer.apply(...)` as the program called it (see call_at_site)."""
    return optimizer.apply(*args, **kwargs)


class SiteState(executor.CodeState):
    """A CodeState for one call site: its graphs and statistics; giving up affects this
    site only."""

    def __init__(self, stats, site_function=call_at_site):
        super().__init__(site_function.__code__, site_function.__globals__, stats)
        self.given_up = False

    def install(self):
        raise AssertionError("a site is entered through its code's dispatcher")

    def _leave_to_interpreter(self):
        # Only this site: the code object is shared with every other site and call.
        self.given_up = True


def _is_program_code(code, frame):
    known = _callers.get(code)
    if known is None:
        known = _callers[code] = not purity.is_library_code(code, frame.f_globals)
    return known


def _stays_interpreted(frame):
    """The program's code at `frame` runs in the interpreter for good: the innermost
    function up the stack that janus took over gave up its graphs, or there is none
    (module-level code, a function never hot).  A function still warming up, or one
    that fell back for a call, runs as a graph from its next call on, with the Keras
    call inside that graph: a site there would only cost its build."""
    while frame is not None:
        state = _taken_over(frame.f_code)
        if state is not None:
            return state.stats.not_converted is not None
        frame = frame.f_back
    return True


def _site_stats(callee, frame, site_function):
    caller = frame.f_code
    method = "" if site_function is call_at_site else \
        "." + site_function.__name__.removesuffix("_at_site")
    return counters.for_site((caller, frame.f_lasti),
                             f"{type(callee).__name__}{method}() called in "
                             f"{caller.co_qualname}",
                             caller.co_filename, line_of(caller, frame.f_lasti), caller)


class SiteKind(NamedTuple):
    """The sites of one Keras method: what their graphs are built from, and the call as
    the site sees it."""
    site_function: object
    # call -> (the call the site runs, why it runs in the interpreter or None), or None
    # when the call is not a site.
    prepare: object = lambda call: (call, None)
    # (call, the graph's result) -> what the program gets back.
    result: object = lambda call, result: result


def _prepare_apply_gradients(call):
    listed = _pairs_listed(call)
    if listed is None:
        return None
    if not listed[1][0]:
        # No pairs (an empty list, a zip exhausted before the call): Keras raises at its
        # first line; the interpreter raises it, and the site stays for the calls that
        # have some.
        return listed, "no gradient-variable pairs (Keras raises)"
    return listed, None


CALL = SiteKind(call_at_site)
APPLY_GRADIENTS = SiteKind(
    apply_gradients_at_site, _prepare_apply_gradients,
    lambda call, result: call[0]._iterations)     # BaseOptimizer.apply_gradients' last line
APPLY = SiteKind(apply_at_site)


def _dispatcher(code, owner, name, kind):
    """The entry function of `code` (the function `owner.name`), and the names of the
    arguments it is given.  `kind` says what the sites of `code` build their graphs
    from."""
    function = owner.__dict__[name]
    # The entry gets the parameters, then the cells of the code's free variables
    # (`__class__` for super()).
    arg_names = bytecode.argument_names(code)
    count = len(arg_names)
    if code.co_flags & bytecode.CO_VARARGS and code.co_flags & bytecode.CO_VARKEYWORDS \
            and count == 3:
        def as_call(args):       # (self, *args, **kwargs)
            return args[:3]
    elif not code.co_flags & (bytecode.CO_VARARGS | bytecode.CO_VARKEYWORDS):
        def as_call(args):       # (self, a, b, c=None): the frame has every parameter
            return (args[0], args[1:count], {})
    else:
        raise AssertionError(f"unexpected parameters of {code.co_qualname}: {arg_names}")

    def enter(args):
        if _bypass or not _executing_eagerly():
            return DECLINE
        frame = _getframe(2)          # the entry's caller is the callee's frame
        while frame is not None and frame.f_code in _pass_through:
            frame = frame.f_back
        if frame is None:
            return DECLINE
        caller = frame.f_code
        if not _is_program_code(caller, frame) or not _stays_interpreted(frame):
            return DECLINE
        if janus_ext.type_lookup(type(args[0]), name) is not function:
            # The object's class overrides the method and reached this one through
            # super(): the site's call would run the override again.
            return DECLINE
        key = (caller, frame.f_lasti)
        as_called = as_call(args)
        prepared = kind.prepare(as_called)
        if prepared is None:
            return DECLINE
        call, reason = prepared
        state = _sites.get(key)
        if state is None:
            state = _sites[key] = SiteState(_site_stats(args[0], frame, kind.site_function),
                                            kind.site_function)
            state.stats.note("a call site in code that runs in the interpreter")
        if state.given_up:
            reason = ""
        elif reason is None:
            reason = _interpreter_only(call)
        if reason is not None:
            state.stats.calls += 1
            state.stats.interpreted += 1
            if reason:
                state.stats.note(f"interpreted: {reason}")
            result = DECLINE
        else:
            result = state.enter(call)
        if result is DECLINE:
            if call is not as_called:
                # The pairs were listed from the program's iterator: the interpreter's
                # call gets the list, as Keras' own first line would have made it.
                return _run_materialized(function, call)
            return DECLINE
        return kind.result(call, result)

    return enter, arg_names


# Iterators whose items list() takes without running the program's code.
_PLAIN_ITERATORS = (type(iter([])), type(iter(())))


def _pairs_listed(call):
    """apply_gradients(grads_and_vars) with the pairs as a list: Keras' first line,
    `zip(*grads_and_vars)`, takes them all, so listing them at the call's entry is what
    eager does first.  A zip of lists or tuples is listed here; an iterator whose items
    come from the program's code (a generator) is left to the interpreter (None)."""
    optimizer, args, kwargs = call
    if kwargs or len(args) != 1:
        return None
    pairs = args[0]
    if type(pairs) in (list, tuple):
        return call
    if type(pairs) is not zip:
        return None
    _, iterators = pairs.__reduce__()[:2]
    if not all(type(it) in _PLAIN_ITERATORS for it in iterators):
        return None
    return (optimizer, (list(pairs),), {})


def _run_materialized(function, call):
    """Run `function` in the interpreter with the listed pairs (no site: `_bypass`)."""
    global _bypass
    obj, args, kwargs = call
    _bypass = True
    try:
        return function(obj, *args, **kwargs)
    finally:
        _bypass = False


def _interpreter_only(call):
    """Why this call must run in the interpreter, or None."""
    callee, args, kwargs = call
    if not getattr(callee, "built", True):
        # Its first call makes its weights (an optimizer's: its slots): eager makes them
        # now, once.
        return f"the first call of this {type(callee).__name__} builds it"
    # Keras reads the attributes it hung on a tensor (a mask, a softmax's logits) from
    # the tensor object; a graph's input placeholder has none.
    for value in (*args, *kwargs.values()):
        for name in values.KERAS_TENSOR_ATTRIBUTES:
            if getattr(value, name, None) is not None:
                return ("an argument carries Keras' mask or logits (`_keras_mask`, "
                        "`_keras_logits`), which a graph input would not")
    return None


def _site_codes():
    """The code objects whose calls can be sites, each with the class attribute that
    holds its function and its SiteKind; and the wrappers
    around them."""
    layer = sys.modules.get("keras.src.layers.layer")
    loss = sys.modules.get("keras.src.losses.loss")
    metric = sys.modules.get("keras.src.metrics.metric")
    optimizer = sys.modules.get("keras.src.optimizers.base_optimizer")
    codes = []
    if layer is not None:
        call = layer.Layer.__call__
        wrapped = getattr(call, "__wrapped__", None)
        if wrapped is not None:
            # keras' traceback filter: the program calls the wrapper, the wrapper the body.
            _pass_through.add(call.__code__)
            call = wrapped
        codes.append((call.__code__, layer.Layer, "__call__", CALL))
    if loss is not None:
        codes.append((loss.Loss.__call__.__code__, loss.Loss, "__call__", CALL))
    if metric is not None:
        codes.append((metric.Metric.__call__.__code__, metric.Metric, "__call__", CALL))
    if optimizer is not None:
        base = optimizer.BaseOptimizer
        codes.append((base.apply_gradients.__code__, base, "apply_gradients",
                      APPLY_GRADIENTS))
        codes.append((base.apply.__code__, base, "apply", APPLY))
    return codes


def enable(_code=None):
    """Make Keras calls in interpreted code into sites (once Keras is imported)."""
    global _enabled
    if _enabled:
        return
    codes = _site_codes()
    if not codes:
        return
    _enabled = True
    backward.install()
    for code, owner, name, kind in codes:
        enter, arg_names = _dispatcher(code, owner, name, kind)
        janus_ext.set_entry(code, enter, arg_names)


def sites():
    """The SiteStates made so far (tests, explain)."""
    return dict(_sites)
