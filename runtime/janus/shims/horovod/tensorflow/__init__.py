"""Horovod's TF2 API (`import horovod.tensorflow as hvd`) → janus's MPI collectives
(janus/distributed/collectives.py): init, rank, size, local_rank, local_size, allreduce (average and
sum), grouped_allreduce, allgather, broadcast, broadcast_variables,
DistributedGradientTape and Compression.none/fp16.  They work in eager code, in
tf.function and in janus's graphs.  Sparse gradients (IndexedSlices) are allgathered, as
Horovod does.  Not provided: process sets, Adasum, reducescatter, alltoall, elastic
training, the TF1 DistributedOptimizer and horovod.tensorflow.keras.
"""

import tensorflow as tf

from janus import distributed
from janus.distributed import collectives

Average, Sum, Adasum = "average", "sum", "adasum"
_initialized = False


class Compressor:
    """Compress a tensor before its collective, decompress its result."""

    @staticmethod
    def compress(tensor):
        return tensor, None

    @staticmethod
    def decompress(tensor, context):
        return tensor


class NoneCompressor(Compressor):
    pass


class FP16Compressor(Compressor):
    """Floating-point tensors travel as float16 (half the bytes), summed in float16."""

    @staticmethod
    def compress(tensor):
        if tensor.dtype.is_floating and tensor.dtype != tf.float16:
            return tf.cast(tensor, tf.float16), tensor.dtype
        return tensor, None

    @staticmethod
    def decompress(tensor, context):
        return tensor if context is None else tf.cast(tensor, context)


class Compression:
    none = NoneCompressor
    fp16 = FP16Compressor


def init(comm=None, process_sets=None):
    """Start MPI and janus's collectives.  The script now runs its own collectives, so
    janus stops averaging every tape's gradients by itself."""
    global _initialized
    if comm is not None or process_sets is not None:
        raise NotImplementedError("janus's horovod shim runs on MPI_COMM_WORLD only "
                                  "(no comm= or process_sets=)")
    distributed.init()
    distributed.set_manual()
    _initialized = True


def shutdown():
    pass


def is_initialized():
    return _initialized


def _require_init():
    if not _initialized:
        raise ValueError("Horovod has not been initialized; use hvd.init().")


def rank():
    _require_init()
    return distributed.rank()


def size():
    _require_init()
    return distributed.size()


def local_rank():
    _require_init()
    return distributed.local_rank()


def local_size():
    _require_init()
    return distributed.local_size()


def cross_rank():
    return rank() // local_size()


def cross_size():
    return size() // local_size()


def mpi_threads_supported():
    return True


def mpi_enabled():
    return True


def mpi_built():
    return True


def gloo_enabled():
    return False


def gloo_built():
    return False


def nccl_built():
    return False


def _reduce_op(average, op):
    if average is not None and op is not None:
        raise ValueError("the op parameter supersedes average; give only one")
    if op is None:
        op = Average if average is None or average else Sum
    if op == Adasum:
        raise NotImplementedError("Adasum is not provided by janus's horovod shim")
    if op not in (Average, Sum):
        raise ValueError(f"op={op!r} (must be hvd.Average or hvd.Sum)")
    return op


def _scaled(tensor, factor):
    return tensor if factor == 1.0 else tensor * tf.cast(factor, tensor.dtype)


def allreduce(tensor, average=None, device_dense="", device_sparse="",
              compression=Compression.none, op=None, prescale_factor=1.0,
              postscale_factor=1.0, name=None, process_set=None, ignore_name_scope=False):
    """The sum or average of `tensor` over all ranks (IndexedSlices: allgathered)."""
    return grouped_allreduce([tensor], average=average, compression=compression, op=op,
                             prescale_factor=prescale_factor,
                             postscale_factor=postscale_factor)[0]


def grouped_allreduce(tensors, average=None, device_dense="", device_sparse="",
                      compression=Compression.none, op=None, prescale_factor=1.0,
                      postscale_factor=1.0, process_set=None):
    _require_init()
    op = _reduce_op(average, op)
    results = [None] * len(tensors)
    dense = []
    for i, tensor in enumerate(tensors):
        if isinstance(tensor, tf.IndexedSlices):
            values = allgather(_scaled(tensor.values, prescale_factor))
            if op == Average:
                values = values / tf.cast(size(), values.dtype)
            results[i] = tf.IndexedSlices(_scaled(values, postscale_factor),
                                          allgather(tensor.indices), tensor.dense_shape)
        else:
            dense.append(i)
    tensors = [_scaled(tf.convert_to_tensor(tensors[i]), prescale_factor) for i in dense]
    reduced = collectives.reduce_all(tensors, op == Average, distributed._settings()[1],
                                     compression.compress, compression.decompress)
    for i, value in zip(dense, reduced):
        results[i] = _scaled(value, postscale_factor)
    return results


def allgather(tensor, name=None, process_set=None, ignore_name_scope=False):
    """The ranks' tensors concatenated along the first dimension (sizes may differ)."""
    _require_init()
    return collectives.allgather(tensor)


def broadcast(tensor, root_rank, name=None, process_set=None, ignore_name_scope=False):
    _require_init()
    return collectives.broadcast([tensor], root_rank)[0]


def broadcast_variables(variables, root_rank, process_set=None, inplace=False):
    """Assign rank `root_rank`'s values to `variables` everywhere (one fused broadcast)."""
    _require_init()
    variables = list(variables)
    if not variables:
        return None
    values = collectives.broadcast([tf.convert_to_tensor(v) for v in variables], root_rank)
    return tf.group(*[v.assign(value) for v, value in zip(variables, values)])


def broadcast_object(obj, root_rank=0, name=None, process_set=None):
    """A picklable object from `root_rank` (eager only, through mpi4py)."""
    _require_init()
    from mpi4py import MPI
    return MPI.COMM_WORLD.bcast(obj, root=root_rank)


class _DistributedGradientTape(tf.GradientTape):
    def __init__(self, tape, compression, op, persistent, watch_accessed_variables):
        super().__init__(persistent=persistent,
                         watch_accessed_variables=watch_accessed_variables)
        self._tape = tape
        self._janus_compression = compression
        self._janus_op = op
        self._janus_sparse_as_dense = False

    def gradient(self, target, sources, output_gradients=None, **kwargs):
        gradients = super().gradient(target, sources, output_gradients, **kwargs)
        flat = tf.nest.flatten(gradients)
        if self._janus_sparse_as_dense:
            flat = [tf.convert_to_tensor(g) if isinstance(g, tf.IndexedSlices) else g
                    for g in flat]
        present = [i for i, g in enumerate(flat) if g is not None]
        reduced = grouped_allreduce([flat[i] for i in present], op=self._janus_op,
                                    compression=self._janus_compression)
        for i, value in zip(present, reduced):
            flat[i] = value
        return tf.nest.pack_sequence_as(gradients, flat)


def DistributedGradientTape(gradtape, device_dense="", device_sparse="",
                            compression=Compression.none, sparse_as_dense=False, op=Average,
                            gradient_predivide_factor=1.0, num_groups=0, groups=None,
                            process_set=None, scale_local_gradients=True):
    """A tape whose gradient() averages (or sums) the gradients across ranks."""
    _require_init()
    op = _reduce_op(None, op)
    tape = _DistributedGradientTape(gradtape._tape, compression, op, gradtape._persistent,
                                    gradtape._watch_accessed_variables)
    tape._janus_sparse_as_dense = sparse_as_dense
    return tape


def __getattr__(name):
    raise AttributeError(f"janus's horovod.tensorflow shim has no {name!r} (it provides "
                         "init, rank, size, local_rank, local_size, allreduce, "
                         "grouped_allreduce, allgather, broadcast, broadcast_variables, "
                         "DistributedGradientTape and Compression)")
