"""One MLP training script timed per step, for bench/mpi/run.py (and by hand):

    bin/janus-python bench/mpi/train_step.py                       # 1 rank
    mpiexec -n 2 bin/janus-python bench/mpi/train_step.py          # 2 ranks, janus
    mpiexec -n 2 bin/janus-python bench/mpi/train_step.py --python-allreduce

A plain step (tape, gradient, optimizer) on synthetic data, every rank with the same
per-rank batch.  Under mpiexec janus averages the gradients inside the step's graph.
`--python-allreduce` is what users write without Horovod: mpi4py's Allreduce on each
gradient from Python after tape.gradient (janus cannot convert that step: it runs in the
interpreter).  TF runs 1 intra-op and 1 inter-op thread.  Rank 0 prints
"step_ms MEDIAN MIN MAX" over the timed steps.
"""

import argparse
import statistics
import time

import tensorflow as tf

parser = argparse.ArgumentParser()
parser.add_argument("--python-allreduce", action="store_true")
parser.add_argument("--batch", type=int, default=128)
parser.add_argument("--width", type=int, default=2048)
parser.add_argument("--layers", type=int, default=3)
parser.add_argument("--steps", type=int, default=20)
parser.add_argument("--warmup", type=int, default=6)
args = parser.parse_args()
tf.config.threading.set_intra_op_parallelism_threads(1)
tf.config.threading.set_inter_op_parallelism_threads(1)

if args.python_allreduce:
    import numpy as np
    from mpi4py import MPI
    comm = MPI.COMM_WORLD
    rank, size = comm.Get_rank(), comm.Get_size()
else:
    import os
    rank = int(os.environ.get("PMI_RANK", 0))

tf.keras.utils.set_random_seed(1)
model = tf.keras.Sequential([tf.keras.Input((1024,))] +
                            [tf.keras.layers.Dense(args.width, activation="relu")
                             for _ in range(args.layers)] + [tf.keras.layers.Dense(10)])
opt = tf.keras.optimizers.SGD(0.01)
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
x = tf.random.normal([args.batch, 1024])
y = tf.random.uniform([args.batch], 0, 10, tf.int64)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
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


step = python_allreduce_step if args.python_allreduce else train_step
times = []
for i in range(args.warmup + args.steps):
    start = time.perf_counter()
    float(step(x, y))
    if i >= args.warmup:
        times.append(time.perf_counter() - start)
if rank == 0:
    print(f"step_ms {1e3 * statistics.median(times):.2f} {1e3 * min(times):.2f} "
          f"{1e3 * max(times):.2f}", flush=True)
