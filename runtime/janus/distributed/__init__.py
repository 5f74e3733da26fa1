"""An MPI launch → rank, size and data-parallel training: rank 0's variables broadcast,
every tape's gradients for variables averaged across ranks, a failing rank ending the job.

`mpirun -np N janus-python train.py` starts N copies of an unmodified script.  With
JANUS_DATA_PARALLEL=auto (the default) and N > 1, janus wraps GradientTape.gradient when
TensorFlow is imported: the gradients of trainable variables go through the collective
ops of janus/distributed/collectives.py before the script sees them.  The wrapper carries the
library's name (functools.wraps), so janus's builder calls it as library code: the same
ops land in converted graphs, and the interpreter, eager code and tf.function run the
same collectives in the same order.  Each rank trains on its own data, so a script that
reads the same batch on every rank trains on N times the data per step; to keep the
global batch, shard it with `janus.distributed.rank()` and `size()`.

A script that calls `horovod.tensorflow.init()` (janus's shim, or the real package)
manages its own collectives: the automatic averaging switches off.
"""

import atexit
import functools
import os
import sys
import time

from .. import config

DEFAULT_FUSION_BYTES = 4 << 20
DEFAULT_TIMEOUT = 300.0

_comm = None          # mpi4py's COMM_WORLD once initialised
_local = None         # the node-local communicator
_automatic = False    # GradientTape.gradient averages (JANUS_DATA_PARALLEL=auto, N > 1)
_synced = {}          # id(variable) → weakref: variables already broadcast from rank 0
_tf = None


launched_size = config.launched_size


def _settings():
    cfg = config.active()
    if cfg is None:
        return "auto", DEFAULT_FUSION_BYTES, DEFAULT_TIMEOUT
    return cfg.data_parallel, cfg.fusion_bytes, cfg.mpi_timeout


def init():
    """Initialise MPI (through mpi4py, MPI_THREAD_MULTIPLE) and the collective ops; a
    no-op the second time.  Every rank must call it (MPI_Comm_dup is collective)."""
    global _comm, _local, _tf
    if _comm is not None:
        return
    import tensorflow as tf
    from mpi4py import MPI

    from . import collectives
    _tf = tf
    _comm = MPI.COMM_WORLD
    _local = _comm.Split_type(MPI.COMM_TYPE_SHARED)
    collectives.start(_settings()[2])
    atexit.register(collectives.stop)      # before mpi4py's MPI_Finalize
    if _comm.Get_size() > 1:
        _install_excepthook()
        _announce()


def _announce():
    """One line from rank 0 naming every rank's process: launchers report a dead rank by
    its pid (MPICH's "BAD TERMINATION ... PID 3550"), this says which rank that was."""
    import socket
    where = _comm.gather(f"{_comm.Get_rank()}=pid {os.getpid()}@{socket.gethostname()}", 0)
    if where is not None:
        print(f"janus.distributed: {len(where)} ranks: {', '.join(where)}", file=sys.stderr,
              flush=True)


def rank():
    init()
    return _comm.Get_rank()


def size():
    init()
    return _comm.Get_size()


def local_rank():
    init()
    return _local.Get_rank()


def local_size():
    init()
    return _local.Get_size()


def automatic():
    """True when every tape's variable gradients are averaged across ranks."""
    return _automatic


def set_manual():
    """The script runs its own collectives (Horovod's API): stop averaging tapes."""
    global _automatic
    _automatic = False


def on_tensorflow_import(tf_module):
    """Called by janus/detect/tape.py once TensorFlow is imported."""
    global _automatic
    mode, _, _ = _settings()
    if mode == "off" or launched_size() <= 1:
        return
    init()
    if size() > 1:
        _automatic = True
        _wrap_variable_creation()
        _wrap_gradient(tf_module)
        _wrap_optimizer_apply()


# -- the interpreter fallback (janus/run/executor.py) ------------------------------------------
def before_graph_call():
    if _comm is not None:
        from . import collectives
        collectives.mark()


def after_graph_call(failed):
    if _comm is not None:
        from . import collectives
        if failed:
            collectives.rewind()
        else:
            collectives.commit()


# -- the hooks ---------------------------------------------------------------------------
_variable_types = None


def _is_trainable_variable(value):
    global _variable_types
    if _variable_types is None:
        kinds = [_tf.Variable]
        try:
            import keras  # Keras 3 variables are no tf.Variable
            kinds.append(keras.Variable)
        except ImportError:
            pass
        _variable_types = tuple(kinds)
    return isinstance(value, _variable_types) and value.trainable


def average_gradients(gradients, sources, compression=None):
    """The gradients of trainable variables averaged across ranks (fused buckets, last
    layer first); gradients of tensors (an input's gradient, a penalty's) and Nones are
    left as they are.  Sparse gradients are made dense first."""
    from . import collectives
    flat_sources = _tf.nest.flatten(sources)
    flat = _tf.nest.flatten(gradients)
    picked = [i for i, (s, g) in enumerate(zip(flat_sources, flat))
              if g is not None and _is_trainable_variable(s)]
    if not picked:
        return gradients
    dense = [_tf.convert_to_tensor(flat[i]) for i in picked]
    compress, decompress = (None, None) if compression is None else \
        (compression.compress, compression.decompress)
    reduced = collectives.reduce_all(dense, True, _settings()[1], compress, decompress)
    for i, value in zip(picked, reduced):
        flat[i] = value
    return _tf.nest.pack_sequence_as(gradients, flat)


def broadcast_variables(variables, root=0):
    """Assign rank `root`'s values to `variables` on every rank (eagerly, also when called
    while a graph is being built: initial values are not part of any step)."""
    from . import collectives
    variables = list(variables)
    if not variables:
        return
    with _tf.init_scope():
        values = collectives.broadcast([_tf.convert_to_tensor(v) for v in variables],
                                        root)
        for v, value in zip(variables, values):
            v.assign(value)
    import weakref
    for v in variables:
        _synced[id(v)] = weakref.ref(v)


def _unsynced(variables):
    fresh = []
    for v in variables:
        ref = _synced.get(id(v))
        if ref is None or ref() is not v:
            fresh.append(v)
    return fresh


def _wrap_variable_creation():
    """A trainable variable made eagerly takes rank 0's value at once, before any forward
    pass reads it (Keras 3 variables hold a tf.Variable made this way)."""
    from tensorflow.python.ops import resource_variable_ops
    kind = resource_variable_ops.ResourceVariable
    original = kind._init_from_args
    if getattr(original, "__janus_data_parallel__", False):
        return

    @functools.wraps(original)
    def _init_from_args(self, *args, **kwargs):
        original(self, *args, **kwargs)
        if _automatic and self.trainable and _tf.executing_eagerly():
            broadcast_variables([self], 0)

    _init_from_args.__janus_data_parallel__ = True
    kind._init_from_args = _init_from_args


def _wrap_gradient(tf_module):
    tape_type = tf_module.GradientTape
    original = tape_type.gradient
    if getattr(original, "__janus_data_parallel__", False):
        return

    @functools.wraps(original)
    def gradient(self, target, sources, *args, **kwargs):
        gradients = original(self, target, sources, *args, **kwargs)
        if not _automatic:
            return gradients
        variables = [s for s in _tf.nest.flatten(sources) if _is_trainable_variable(s)]
        fresh = _unsynced(variables)
        if fresh:
            # A variable made while a graph was traced (or before janus was on): every
            # rank takes rank 0's value now.  This one gradient came from this rank's
            # own value; from here on all ranks hold the same weights.
            broadcast_variables(fresh, 0)
        return average_gradients(gradients, sources)

    gradient.__janus_data_parallel__ = True
    tape_type.gradient = gradient


def _wrap_optimizer_apply():
    """Keras 3 optimizers make their slots on their first apply: broadcast them (and the
    iteration count) from rank 0 once they exist."""
    try:
        from keras.src.optimizers import base_optimizer
    except ImportError:          # no Keras 3: tf_keras or raw-variable scripts
        return
    base = base_optimizer.BaseOptimizer
    original = base.apply
    if getattr(original, "__janus_data_parallel__", False):
        return

    @functools.wraps(original)
    def apply(self, grads, trainable_variables=None):
        result = original(self, grads, trainable_variables)
        if _automatic:
            fresh = _unsynced(self.variables)
            if fresh:
                broadcast_variables(fresh, 0)
        return result

    apply.__janus_data_parallel__ = True
    base.apply = apply


def _install_excepthook():
    previous = sys.excepthook

    def excepthook(kind, value, traceback):
        previous(kind, value, traceback)
        me = _comm.Get_rank()
        print(f"janus.distributed: rank {me} of {_comm.Get_size()} ended with an uncaught "
              f"{kind.__name__}: {value}; aborting all ranks", file=sys.stderr)
        sys.stderr.flush()
        time.sleep(1)       # lets the launcher forward this line before the abort kills all
        _comm.Abort(1)

    sys.excepthook = excepthook
