"""One rank misbehaving during data-parallel training, for tests/distributed/test_distributed.py.

`--fault kill|raise|hang|shape|batch`: at step FAULT_STEP rank 1 kills itself (SIGKILL),
raises, sleeps for an hour, allreduces a tensor of another shape than rank 0's, or
(batch) trains on a smaller batch from then on.  Every rank prints "done" at the end.
"""

import argparse
import os
import signal
import sys
import time

import numpy as np
import tensorflow as tf

import janus.distributed
from janus.distributed import collectives

STEPS, FAULT_STEP = 10, 4
parser = argparse.ArgumentParser()
parser.add_argument("--fault", required=True,
                    choices=("kill", "raise", "hang", "shape", "batch"))
args = parser.parse_args()
rank = janus.distributed.rank()

rng = np.random.default_rng(rank)
features = rng.normal(size=(16, 8)).astype(np.float32)
targets = rng.normal(size=(16, 1)).astype(np.float32)
model = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(4),
                             tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.SGD(0.1)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((model(x) - y) ** 2)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


batch = 16
for step in range(STEPS):
    faulty = step == FAULT_STEP and rank == 1
    if faulty and args.fault == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    if faulty and args.fault == "raise":
        raise RuntimeError("injected fault on rank 1")
    if faulty and args.fault == "hang":
        time.sleep(3600)
    if step == FAULT_STEP and args.fault == "shape":
        collectives.allreduce([tf.ones([3 + rank, 2])], True)
    if faulty and args.fault == "batch":
        batch = 12
    train_step(features[:batch], targets[:batch])

weights = np.concatenate([v.numpy().ravel() for v in model.variables])
print(f"done rank {rank} weights {weights.sum():.17g} "
      f"graph_runs {sum(f['graph_runs'] for f in janus.stats().values())}", flush=True)
sys.stdout.flush()
