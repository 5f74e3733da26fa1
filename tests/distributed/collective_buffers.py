"""The buffers of JanusAllreduce, under `mpiexec -n 2`, for tests/distributed/test_distributed.py.

Large tensors are reduced in their own buffers and small ones fused (janus_ext/mpi_ops.cc);
an output is the input's own buffer when TF forwards it, else fresh memory from TF's
allocator.  Each case checks exact sums (small integers in floats) and that an earlier
result kept alive is not overwritten by a later call that could reuse freed
memory.  Rank 0 prints one "ok rank <r> <case>" line per rank and case (one writer:
two ranks printing at once interleave their lines).
"""

import numpy as np
import tensorflow as tf
from mpi4py import MPI

import janus.distributed
from janus.distributed import collectives

rank, size = janus.distributed.rank(), janus.distributed.size()
passed = []
LARGE = (1 << 20) // 4 + 3           # just over the 1 MB own-call threshold in float32


def operands(dtype):
    large = (np.arange(LARGE) % 97 + rank).astype(dtype)
    small = (np.arange(5) + 10 * rank).astype(dtype)
    return large, small


def expected(dtype, average):
    parts = [operands_of(r, dtype) for r in range(size)]
    sums = [sum(p[i].astype(np.float64) for p in parts) for i in range(2)]
    return [(s / size if average else s).astype(dtype) for s in sums]


def operands_of(r, dtype):
    global rank
    mine, rank = rank, r
    try:
        return operands(dtype)
    finally:
        rank = mine


def check(case, got, want):
    for g, w in zip(got, want):
        g = np.asarray(g)
        assert g.dtype == w.dtype and g.shape == w.shape, (case, g.dtype, g.shape)
        assert np.array_equal(g, w), f"{case}: {g[:4]} != {w[:4]}"
    passed.append(case)


for dtype in (np.float32, np.float64, np.float16):
    for average in (False, True):
        name = f"{np.dtype(dtype).name} {'average' if average else 'sum'}"
        large, small = operands(dtype)
        want = expected(dtype, average)

        # Eager: Python holds the inputs, so the outputs are other buffers.
        # Other values the second time (doubling is exact), so that a block handed out
        # while `kept` still holds it would show.
        first = [t.numpy() for t in collectives.allreduce([large, small], average)]
        kept = collectives.allreduce([large, small], average)
        again = collectives.allreduce([large * 2, small * 2], average)
        check(f"eager {name}", first, want)
        check(f"eager kept {name}", [t.numpy() for t in kept], want)
        check(f"eager again {name}", [t.numpy() for t in again], [w * 2 for w in want])

        # In a graph the inputs are made there: TF forwards them and the large one is
        # reduced in its own buffer.
        @tf.function
        def in_graph(a, b):
            return collectives.allreduce([a + 0, b + 0], average)

        check(f"graph {name}", [t.numpy() for t in in_graph(large, small)], want)
        check(f"graph again {name}", [t.numpy() for t in in_graph(large, small)], want)

# A chain: each op reduces the previous one's result (forwarded once its request let go).
@tf.function
def chain(t):
    for _ in range(4):
        t = collectives.allreduce([t], False)[0]
    return t


start = np.full(LARGE, float(rank + 1), np.float32)
check("chain", [chain(start).numpy()], [np.full(LARGE, 3.0 * size ** 3, np.float32)])
everyone = MPI.COMM_WORLD.gather(passed, 0)
if rank == 0:
    for r, cases in enumerate(everyone):
        for case in cases:
            print("ok rank", r, case)
    print("done", flush=True)
