"""Step time of 2 ranks against 1 on one MLP, all measured inside one 2-rank job so that
every configuration sees the same machine load (this machine is shared; separate runs
minutes apart differed 2x).

    mpiexec -n 2 bin/janus-python bench/mpi/scaling.py [--rounds 4] [--steps 5]

TF runs 1 intra-op and 1 inter-op thread per rank.  Every rank trains on the same
per-rank batch (synthetic data).  Rounds cycle through five phases, `--steps` timed
steps each, after a warm-up of each:

- `1 rank`: rank 0 trains alone, no collective; rank 1 sleeps in a collective;
- `2 ranks, no communication`: both train alone at once: what sharing the machine's
  2 cores and memory costs, the best any communication scheme could reach here;
- `2 ranks, in-graph`: both train; each step averages its gradients with
  DistributedGradientTape, which puts fused, ordered JanusAllreduce ops into the graph
  janus builds: buckets are reduced while backprop goes on;
- `2 ranks, in-graph, no overlap`: the same, but every bucket waits for the whole
  backward pass (a control edge on all gradients);
- `2 ranks, Python allreduce`: mpi4py's Allreduce on each gradient from Python after
  tape.gradient, which is what users write without Horovod (janus cannot convert that
  step; it runs in the interpreter).

The scale factor is the 1-rank step time over the 2-rank one (1.0: two ranks do twice
the work in the same time).  Rank 0 prints one JSON line.
"""

import argparse
import json
import statistics
import time

import numpy as np
import tensorflow as tf

parser = argparse.ArgumentParser()
parser.add_argument("--batch", type=int, default=128)
parser.add_argument("--width", type=int, default=2048)
parser.add_argument("--layers", type=int, default=3)
parser.add_argument("--rounds", type=int, default=4)
parser.add_argument("--steps", type=int, default=5)
args = parser.parse_args()
tf.config.threading.set_intra_op_parallelism_threads(1)
tf.config.threading.set_inter_op_parallelism_threads(1)

import horovod.tensorflow as hvd  # noqa: E402  (after the thread settings)
from mpi4py import MPI  # noqa: E402

from janus.distributed import collectives  # noqa: E402

hvd.init()
rank, size = hvd.rank(), hvd.size()
comm = MPI.COMM_WORLD
assert size == 2, "run under mpiexec -n 2"

tf.keras.utils.set_random_seed(1)
model = tf.keras.Sequential([tf.keras.Input((1024,))] +
                            [tf.keras.layers.Dense(args.width, activation="relu")
                             for _ in range(args.layers)] + [tf.keras.layers.Dense(10)])
opt = tf.keras.optimizers.SGD(0.01)
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
x = tf.random.normal([args.batch, 1024])
y = tf.random.uniform([args.batch], 0, 10, tf.int64)
hvd.broadcast_variables(model.variables, root_rank=0)


def alone_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def overlap_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x))
    tape = hvd.DistributedGradientTape(tape)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def no_overlap_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    with tf.control_dependencies(grads):
        grads = [tf.identity(g) for g in grads]
    grads = hvd.grouped_allreduce(grads)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def python_allreduce_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    averaged = []
    for g in grads:
        values = g.numpy()
        total = np.empty_like(values)
        comm.Allreduce(values, total)
        averaged.append(tf.constant(total / size))
    opt.apply_gradients(zip(averaged, model.trainable_variables))
    return loss


PHASES = {"1 rank": alone_step, "2 ranks, no communication": alone_step,
          "2 ranks, in-graph": overlap_step,
          "2 ranks, in-graph, no overlap": no_overlap_step,
          "2 ranks, Python allreduce": python_allreduce_step}
token = tf.zeros([1])


def phase(step, alone, steps):
    collectives.broadcast([token], 0)          # start together
    times = []
    if not alone or rank == 0:
        for _ in range(steps):
            start = time.perf_counter()
            float(step(x, y))
            times.append(time.perf_counter() - start)
    collectives.broadcast([token], 0)          # rank 1 sleeps here while rank 0 works
    return times


for name, step in PHASES.items():               # warm-up: profiling, graph builds
    phase(step, name == "1 rank", 5)
results = {name: [] for name in PHASES}
for _ in range(args.rounds):
    for name, step in PHASES.items():
        results[name] += phase(step, name == "1 rank", args.steps)
if rank == 0:
    import janus
    medians = {name: statistics.median(t) for name, t in results.items()}
    print(json.dumps({
        "steps": {name: {"median_ms": 1e3 * medians[name],
                         "spread_ms": [1e3 * min(t), 1e3 * max(t)],
                         "scale_factor": medians["1 rank"] / medians[name]}
                  for name, t in results.items()},
        "graph_runs": {name.split(" ")[0]: entry["graph_runs"]
                       for name, entry in janus.stats().items()},
        "gradient_megabytes": sum(v.numpy().nbytes for v in model.trainable_variables) / 2**20,
    }), flush=True)
