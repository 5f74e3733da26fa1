"""Tensors → the same collectives on every rank (janus_ext/mpi_ops.cc): fused buckets in a
fixed order, chained so that every rank queues them alike, in eager code and in graphs.

The op library needs MPI initialised first (janus/distributed/__init__.py does it with mpi4py,
which loads the same libmpi.so.12 the library is linked against).
"""

import ctypes
import os
import sys
import weakref

import tensorflow as tf

_LIBRARY = os.path.join(os.path.dirname(__file__), "_janus_mpi_ops.so")
_ops = None
_control = None
# Per graph being built, the last collective created in it: the next one waits for it,
# so a graph's collectives run in creation order on every rank whatever TF's scheduler
# picks (ACD chains stateful ops too, but janus's builder and user graphs differ).
_last_in_graph = weakref.WeakKeyDictionary()

FLOATS = (tf.float16, tf.float32, tf.float64)
SUPPORTED = FLOATS + (tf.int32, tf.int64)


class CollectiveError(RuntimeError):
    """A collective could not be issued as asked (a dtype or argument janus refuses)."""


def start(timeout_seconds):
    """Load the op library and start its worker thread (MPI must be initialised)."""
    global _ops, _control
    if _ops is not None:
        return
    _ops = tf.load_op_library(_LIBRARY)
    # TF generates the ops' Python wrappers into a module named by a hash that no one
    # registers; janus's build watch (purity.py) then takes them for the program's own
    # code.  Registered with the library's path, they are library code, as they are.
    _ops.__file__ = _LIBRARY
    sys.modules.setdefault(_ops.__name__, _ops)
    _control = ctypes.CDLL(_LIBRARY)
    _control.janus_mpi_start.argtypes = [ctypes.c_double]
    _control.janus_mpi_count.restype = ctypes.c_longlong
    _control.janus_mpi_replayed.restype = ctypes.c_longlong
    if _control.janus_mpi_start(float(timeout_seconds)) != 0:
        raise CollectiveError("MPI is not initialised")


def stop():
    if _control is not None:
        _control.janus_mpi_stop()


def started():
    return _ops is not None


def mark():
    """A graph call begins: record the results of its collectives."""
    _control.janus_mpi_mark()


def commit():
    """The graph call succeeded: the record is not needed."""
    _control.janus_mpi_commit()


def rewind():
    """The graph call failed: the interpreter's re-run takes the recorded results of the
    collectives the graph already ran instead of running them again.  → how many."""
    return _control.janus_mpi_rewind()


def count():
    """Collectives this process ran (a test's witness)."""
    return _control.janus_mpi_count()


def replayed():
    """Collectives answered from a failed graph call's record."""
    return _control.janus_mpi_replayed()


def _chained(make):
    if tf.executing_eagerly():
        return make(True)
    graph = tf.compat.v1.get_default_graph()
    previous = _last_in_graph.get(graph)
    with tf.control_dependencies([previous] if previous is not None else []):
        outputs = make(False)
    _last_in_graph[graph] = outputs[0].op
    return outputs


def _check(tensors):
    for t in tensors:
        if t.dtype not in SUPPORTED:
            raise CollectiveError(f"collectives of {t.dtype.name} tensors are not supported "
                                  f"(supported: {', '.join(d.name for d in SUPPORTED)})")


def allreduce(tensors, average):
    """One fused collective over `tensors` (one dtype): their sums or averages."""
    tensors = [tf.convert_to_tensor(t) for t in tensors]
    if not tensors:
        return []
    _check(tensors)
    if average and tensors[0].dtype not in FLOATS:
        raise CollectiveError(f"an average of {tensors[0].dtype.name} tensors would be "
                              "truncated; use op=Sum and divide")
    if len({t.dtype for t in tensors}) != 1:
        raise CollectiveError("one fused allreduce takes tensors of one dtype")
    return _chained(lambda inline: _ops.janus_allreduce(tensors, average=average,
                                                        inline=inline))


def broadcast(tensors, root):
    tensors = [tf.convert_to_tensor(t) for t in tensors]
    if not tensors:
        return []
    _check(tensors)
    return _chained(lambda inline: _ops.janus_broadcast(tensors, root=root, inline=inline))


def allgather(tensor):
    tensor = tf.convert_to_tensor(tensor)
    _check([tensor])
    return _chained(lambda inline: _ops.janus_allgather([tensor], inline=inline))[0]


def buckets(tensors, limit_bytes):
    """Indices of `tensors` grouped for fusion: walked from the last to the first (backprop
    produces the last layer's gradients first), consecutive tensors of one dtype until a
    bucket holds at least `limit_bytes` (so a bias joins the large weight next to it
    rather than travelling alone).  Depends only on dtypes and shapes: the same on every
    rank, in eager code and in graphs."""
    groups, current, size, dtype = [], [], 0, None
    for index in reversed(range(len(tensors))):
        t = tensors[index]
        nbytes = t.shape.num_elements() * t.dtype.size \
            if t.shape.is_fully_defined() else limit_bytes
        if current and (t.dtype != dtype or size >= limit_bytes):
            groups.append(current)
            current, size = [], 0
        current.append(index)
        size += nbytes
        dtype = t.dtype
    if current:
        groups.append(current)
    return groups


def reduce_all(tensors, average, limit_bytes, compress=None, decompress=None):
    """Allreduce every tensor of the list, fused into buckets; results in list order."""
    results = [None] * len(tensors)
    if compress is not None:
        packed = [compress(t) for t in tensors]
        tensors, contexts = [p[0] for p in packed], [p[1] for p in packed]
    for group in buckets(tensors, limit_bytes):
        reduced = allreduce([tensors[i] for i in group], average)
        for i, value in zip(group, reduced):
            results[i] = value if compress is None else decompress(value, contexts[i])
    return results
