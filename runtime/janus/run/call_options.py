"""How janus calls its graphs: with TF's graph optimizer told to keep eager's floats
(docs/soundness.md#eagers-floats-bit-for-bit).

TF's Grappler rewrites a graph's arithmetic in ways that round differently from the
eager kernels the program runs without janus: `x ** 2` becomes Square, AddN's inputs are
sorted by node name (so gradients with three or more paths are summed in another order
than eager's tape sums them), `x / c` becomes `x * (1 / c)`, products are re-associated.
The remapper fuses MatMul+BiasAdd+activation into one kernel that rounds otherwise
too, with oneDNN off as well.  A hand-written tf.function has these differences;
janus promises eager's numbers.  So janus calls its graphs with a copy of the
context's config in which the arithmetic optimizer, constant folding, the remapper and
the model pruner are off.  TF optimizes a function once per config it is called with,
so the program's own tf.functions keep every rewrite, and janus's graphs keep them under
JANUS_NUMERICS=graph.  Grappler's dependency optimizer is off in either mode: it can let
a variable's write run before a read of it (graph/eager_config.py).  Layout and the other
passes stay on, as the program sets them (the copy follows tf.config.optimizer changes).  With oneDNN on, TF's
graph runtime still picks oneDNN kernels of its own (docs/soundness.md#onednn-round-off).
"""

from tensorflow.python.eager import context

from ..graph import eager_config
from ..state import library_state

_options = None      # the options janus's graph calls run with, once made


class _ContextConfig:
    """Stale (a str) once the program changes TF's config after janus copied it."""
    __slots__ = ("stale", "__weakref__")

    def __init__(self):
        self.stale = None


_copied = _ContextConfig()


def options():
    """The FunctionCallOptions janus's graph calls run with."""
    global _options, _copied
    if _options is None or _copied.stale is not None:
        # The switches are fixed at start-up; the copy of the context's config is made
        # again when the program changes it (the graphs are rebuilt then too).
        _options = context.FunctionCallOptions(config_proto=eager_config.graph_config())
        _copied = _ContextConfig()
        library_state.watch_tf_config(_copied)
    return _options


def enter():
    """Before a graph call: the options it runs with; the caller's, to restore."""
    chosen = options()
    ctx = context.context()
    saved = ctx.function_call_options
    ctx.function_call_options = chosen
    return saved


def leave(saved):
    context.context().function_call_options = saved
