"""A GradientTape entered in a Python function → that function is taken over by janus.

Training steps are where graphs pay: the functions that run automatic differentiation
(the paper modified TF Eager's autodiff for the same purpose).  janus wraps
GradientTape.__enter__ once TensorFlow has been imported; the wrapper costs one frame
lookup per tape and tells the executor which code object entered it.  Code that runs
TF ops in many calls without a tape (acting, evaluation) is found from the ops
themselves (janus/detect/eager_ops.py, JANUS_HOT_OPS).
"""

import sys

_installed = False
watch = None        # eager_ops.OpWatch once TensorFlow is imported, unless JANUS_HOT_OPS=off


class _TensorFlowWatcher:
    """A meta path finder that finds nothing itself; when `tensorflow` finishes
    importing, janus hooks its tape.  (Not an importlib.abc subclass: importing that at
    every interpreter start costs more than this whole module.)"""

    def find_spec(self, name, path=None, target=None):
        if name != "tensorflow" or _installed:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None and spec.loader is not None:
                _wrap_loader(spec.loader)
                return spec
        return None


def _wrap_loader(loader):
    original = loader.exec_module

    def exec_module(module):
        original(module)
        install(module)

    loader.exec_module = exec_module


def install(tf_module):
    global _installed
    if _installed:
        return
    _installed = True
    # Its work is done: the program's view of the import system is its own again.
    for finder in [f for f in sys.meta_path if type(f) is _TensorFlowWatcher]:
        sys.meta_path.remove(finder)
    from ..build import purity
    from ..coexec import backward, sites
    from ..run import executor

    # Draws with an op's own seed continue one stream per kernel, from the first one
    # the program makes (janus/semantics/seed_streams.py).
    from ..semantics import random_ops
    random_ops.install()
    # Keras calls in code that stays in the interpreter become graph sites.
    executor.interpreted_listeners.append(sites.enable)
    tape_type = tf_module.GradientTape
    original_enter = tape_type.__enter__

    def __enter__(self):
        frame = sys._getframe(1)
        # The program's steps, not library code that records a tape itself (TF's
        # py_function runs its Python body under one, on TF's own call path).
        if not purity.is_library_code(frame.f_code, frame.f_globals):
            executor.consider(frame.f_code, frame.f_globals)
        return original_enter(self)

    __enter__.__wrapped__ = original_enter
    tape_type.__enter__ = __enter__
    _mark_tapes_made_in_graphs(tape_type)
    _count_forward_accumulators(tf_module.autodiff.ForwardAccumulator, executor)
    from tensorflow.python.eager import record
    _count_variable_watchers(record.VariableWatcher, executor)
    from tensorflow.python import pywrap_tfe

    from . import eager_ops as op_watch
    from . import observers
    hot_ops = _hot_ops_setting()
    if hot_ops is not None:
        global watch
        watch = op_watch.install(pywrap_tfe, hot_ops, executor)

    def restore_wrappers():
        # What runs at each tape entry and each eager op (a frame read each, which an
        # audit hook sees); the tapes-made-in-graphs and accumulator counts stay.
        tape_type.__enter__ = original_enter
        op_watch.uninstall(pywrap_tfe)
        # And the deferred backward walks: janus's Python in each tape.gradient.
        backward.uninstall()
    observers.watch(restore_wrappers)
    # Under an MPI launcher with several ranks: data-parallel training (a no-op otherwise).
    from .. import distributed
    distributed.on_tensorflow_import(tf_module)


def _mark_tapes_made_in_graphs(tape_type):
    """Note each tape made while a graph is traced (a step's own tape, as janus builds
    the step) in library_state.TAPES_MADE_IN_GRAPHS; one made eagerly is the program's,
    from outside any graph (build/builder.py refuses to use such a tape while another
    tape records the call)."""
    from tensorflow.python.eager import context

    from ..state import library_state
    original_init = tape_type.__init__
    made_in_graphs = library_state.TAPES_MADE_IN_GRAPHS

    def __init__(self, *args, **kwargs):
        original_init(self, *args, **kwargs)
        if not context.executing_eagerly():
            made_in_graphs.add(self)

    __init__.__wrapped__ = original_init
    tape_type.__init__ = __init__


def _count_forward_accumulators(accumulator_type, executor):
    """Keep executor.forward_accumulators: how many ForwardAccumulators record now (their
    push and pop are what add them to TF's set and take them out)."""
    original_push = accumulator_type._push_accumulator
    original_pop = accumulator_type._pop_accumulator

    from ..coexec import backward

    def _push_accumulator(self):
        original_push(self)
        executor.forward_accumulators += 1
        backward.note_forward_accumulator()

    def _pop_accumulator(self):
        original_pop(self)
        executor.forward_accumulators -= 1

    _push_accumulator.__wrapped__, _pop_accumulator.__wrapped__ = original_push, original_pop
    accumulator_type._push_accumulator = _push_accumulator
    accumulator_type._pop_accumulator = _pop_accumulator


def _count_variable_watchers(watcher_type, executor):
    """Keep executor.variable_watchers: how many of TF's VariableWatchers are entered
    now (eager reports each variable an op reads to them; TF has no way to ask whether
    one is active)."""
    original_enter = watcher_type.__enter__
    original_exit = watcher_type.__exit__

    def __enter__(self):
        result = original_enter(self)
        executor.variable_watchers += 1
        return result

    def __exit__(self, *exc_info):
        executor.variable_watchers -= 1
        return original_exit(self, *exc_info)

    __enter__.__wrapped__, __exit__.__wrapped__ = original_enter, original_exit
    watcher_type.__enter__ = __enter__
    watcher_type.__exit__ = __exit__


def _hot_ops_setting():
    from .. import config
    cfg = config.active()
    return config.DEFAULT_HOT_CALLS if cfg is None else cfg.hot_ops


def watch_imports():
    if "tensorflow" in sys.modules:
        install(sys.modules["tensorflow"])
    else:
        sys.meta_path.insert(0, _TensorFlowWatcher())
