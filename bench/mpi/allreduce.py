"""In-graph allreduce throughput against raw mpi4py Allreduce on the same bytes.

    mpiexec -n 2 bin/janus-python bench/mpi/allreduce.py [--repeats 20]

For each size, interleaved: mpi4py's `comm.Allreduce(send, recv)` on float32 numpy arrays,
and its in-place form `comm.Allreduce(MPI.IN_PLACE, buffer)`, which MPICH runs faster (no
copy of the input); a tf.function holding ten JanusAllreduce ops in a chain, each reducing
the previous one's result (janus/distributed/collectives.py), one call timed and divided
by ten; one eager call of the op; and the same chain of ten built from tf.numpy_function
calling mpi4py (option (a) of docs/DESIGN.md#in-graph-allreduce-the-options).  Rank 0
prints the median time per allreduce and the GB/s of the payload, and the op's throughput
as a fraction of mpi4py's (two-buffer, what users write; and in place).  Inside the chain,
each op reduces in the buffer TF forwards from the previous one, as it does for a gradient
that nothing else reads.
"""

import argparse
import json
import statistics
import time

import numpy as np
import tensorflow as tf
from mpi4py import MPI

import janus.distributed
from janus.distributed import collectives

parser = argparse.ArgumentParser()
parser.add_argument("--repeats", type=int, default=20)
parser.add_argument("--sizes-mb", default="1,4,16,40")
parser.add_argument("--json")
args = parser.parse_args()
janus.distributed.init()
comm = MPI.COMM_WORLD
rank = comm.Get_rank()
CHAIN = 10


def timed(fn):
    comm.Barrier()
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


results = []
for megabytes in map(float, args.sizes_mb.split(",")):
    n = int(megabytes * (1 << 20) / 4)
    send = np.full(n, rank + 1, np.float32)
    receive = np.empty_like(send)
    in_place = np.full(n, rank + 1, np.float32)     # doubles per call (inf adds as fast)
    tensor = tf.constant(send)

    @tf.function
    def chain(t):
        for _ in range(CHAIN):
            t = collectives.allreduce([t], False)[0]
        return t

    def in_graph():
        chain(tensor).numpy()

    def numpy_allreduce(array):
        total = np.empty_like(array)
        comm.Allreduce(array, total)
        return total

    @tf.function
    def numpy_chain(t):
        for _ in range(CHAIN):
            t = tf.numpy_function(numpy_allreduce, [t], tf.float32, stateful=True)
        return t

    def numpy_function():
        numpy_chain(tensor).numpy()

    def eager():
        collectives.allreduce([tensor], False)[0].numpy()

    in_graph(), eager(), numpy_function(), comm.Allreduce(send, receive)   # warm-up
    comm.Allreduce(MPI.IN_PLACE, in_place)
    times = {"mpi4py": [], "mpi4py_in_place": [], "graph": [], "eager": [],
             "numpy_function": []}
    for _ in range(args.repeats):
        times["mpi4py"].append(timed(lambda: comm.Allreduce(send, receive)))
        times["mpi4py_in_place"].append(timed(lambda: comm.Allreduce(MPI.IN_PLACE, in_place)))
        times["graph"].append(timed(in_graph) / CHAIN)
        times["eager"].append(timed(eager))
        times["numpy_function"].append(timed(numpy_function) / CHAIN)
    assert np.allclose(receive, 3.0) and np.allclose(chain(tensor).numpy(), 3.0 * 2 ** (CHAIN - 1))
    med = {k: statistics.median(v) for k, v in times.items()}
    row = {"megabytes": megabytes, **{f"{k}_ms": 1e3 * v for k, v in med.items()},
           **{f"{k}_spread_ms": (1e3 * min(v), 1e3 * max(v)) for k, v in times.items()},
           "graph_vs_mpi4py": med["mpi4py"] / med["graph"],
           "graph_vs_mpi4py_in_place": med["mpi4py_in_place"] / med["graph"],
           "eager_vs_mpi4py": med["mpi4py"] / med["eager"],
           "numpy_function_vs_mpi4py": med["mpi4py"] / med["numpy_function"]}
    results.append(row)
    if rank == 0:
        print(f"{megabytes:5.0f} MB  mpi4py {row['mpi4py_ms']:7.2f} ms "
              f"({megabytes / 1024 / med['mpi4py']:.2f} GB/s)  in-graph {row['graph_ms']:7.2f} ms"
              f" ({megabytes / 1024 / med['graph']:.2f} GB/s, {row['graph_vs_mpi4py']:.0%}; "
              f"{row['graph_vs_mpi4py_in_place']:.0%} of in-place {row['mpi4py_in_place_ms']:.2f} ms)  "
              f"eager op {row['eager_ms']:7.2f} ms ({row['eager_vs_mpi4py']:.0%})  "
              f"numpy_function {row['numpy_function_ms']:7.2f} ms "
              f"({row['numpy_function_vs_mpi4py']:.0%})", flush=True)
if rank == 0 and args.json:
    with open(args.json, "w") as f:
        json.dump(results, f, indent=1)
