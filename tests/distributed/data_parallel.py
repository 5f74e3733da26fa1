"""Data-parallel training of one MLP on sklearn's digits, for tests/distributed/test_distributed.py.

`--reference`: one process trains on each whole batch (plain TF; run it with
JANUS_MODE=off).  Otherwise, under `mpiexec -n N`, each rank trains on its slice of every
batch, in four variants one after the other, from a fresh model each time:

- `auto`: an unmodified step function; janus converts it and averages its gradients.
  At step FALLBACK_STEP rank 1, and at the next step rank 0, alone sees a flag its graph
  assumed false, so its graph fails (before, then after its collectives ran) and the
  interpreter re-runs that call;
- `eager`: the same step written at module level, which janus leaves to the interpreter;
- `horovod-janus`: Horovod's API (DistributedGradientTape, broadcast_variables), the step
  converted by janus;
- `horovod-function`: the same step in a tf.function.

Each rank starts from its own random weights (seeded by rank): only the broadcast from
rank 0 makes them equal.  Writes OUT/<variant>-rank<r>.npz and OUT/stats-rank<r>.json.
"""

import argparse
import json
import os

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

BATCH, STEPS, FALLBACK_STEP = 32, 12, 7

parser = argparse.ArgumentParser()
parser.add_argument("--out", required=True)
parser.add_argument("--reference", action="store_true")
parser.add_argument("--variants", default="auto,eager,horovod-janus,horovod-function")
args = parser.parse_args()

if args.reference:
    rank, size = 0, 1
else:
    import janus
    import janus.distributed
    rank, size = janus.distributed.rank(), janus.distributed.size()

digits = load_digits()
features = (digits.data / 16.0).astype(np.float64)
labels = digits.target.astype(np.int64)


def batch(step):
    """This rank's slice of global batch `step`."""
    start = step * BATCH
    per_rank = BATCH // size
    lo = start + rank * per_rank
    return tf.constant(features[lo:lo + per_rank]), tf.constant(labels[lo:lo + per_rank])


def make_model(seed):
    tf.keras.utils.set_random_seed(seed)
    model = tf.keras.Sequential([
        tf.keras.Input((64,), dtype="float64"),
        tf.keras.layers.Dense(32, activation="tanh", dtype="float64"),
        tf.keras.layers.Dense(10, dtype="float64")])
    return model, tf.keras.optimizers.Adam(0.01)


loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def save(variant, model, opt):
    values = {f"w{i}": v.numpy() for i, v in enumerate(model.variables)}
    values.update({f"o{i}": v.numpy() for i, v in enumerate(opt.variables)
                   if v.dtype != tf.string})
    np.savez(os.path.join(args.out, f"{variant}-rank{rank}.npz"), **values)


def train_step(model, opt, x, y, flag):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x))
        if flag == 1.0:      # the graph assumed not: it fails before its collectives
            loss = loss * 1.0
    grads = tape.gradient(loss, model.trainable_variables)
    if flag + 0.0 * tf.reduce_sum(grads[0]) == 2.0:     # ... after them
        loss = loss * 1.0
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def flag_of(step):
    """1 on rank 1 at step FALLBACK_STEP, 2 on rank 0 at the step after: one rank's
    graph fails there, the other's runs."""
    if step == FALLBACK_STEP and rank == 1 % size:
        return tf.constant(1.0, tf.float64)
    if step == FALLBACK_STEP + 1 and rank == 0:
        return tf.constant(2.0, tf.float64)
    return tf.constant(0.0, tf.float64)


variants = args.variants.split(",")
if args.reference:
    model, opt = make_model(0)
    for step in range(STEPS):
        x, y = batch(step)
        train_step(model, opt, x, y, flag_of(step))
    save("reference", model, opt)
    raise SystemExit(0)

if "auto" in variants:
    model, opt = make_model(rank)
    for step in range(STEPS):
        x, y = batch(step)
        train_step(model, opt, x, y, flag_of(step))
    save("auto", model, opt)

if "eager" in variants:
    model, opt = make_model(rank)
    for step in range(STEPS):
        x, y = batch(step)
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
    save("eager", model, opt)

if any(v.startswith("horovod") for v in variants):
    import horovod.tensorflow as hvd
    hvd.init()
    assert (hvd.rank(), hvd.size()) == (rank, size)


def hvd_step(model, opt, x, y, first_batch):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x))
    tape = hvd.DistributedGradientTape(tape)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    if first_batch:
        hvd.broadcast_variables(model.variables, root_rank=0)
        hvd.broadcast_variables(opt.variables, root_rank=0)
    return loss


for variant, step_fn in (("horovod-janus", hvd_step),
                         ("horovod-function", tf.function(hvd_step))):
    if variant not in variants:
        continue
    model, opt = make_model(rank)
    # Horovod's examples broadcast after the first step; the weights must then also agree
    # before it, so this run broadcasts once before as well.
    hvd.broadcast_variables(model.variables, root_rank=0)
    for step in range(STEPS):
        x, y = batch(step)
        step_fn(model, opt, x, y, step == 0)
    save(variant, model, opt)

from janus.distributed import collectives
from janus.run import executor  # noqa: E402  (only under janus)

# The collectives inside the graphs janus built: the tape's wrapper ran as library code.
graph_ops = {code.co_name: sorted({op.type for graph in state.cache.entries
                                   for op in graph.function.graph.get_operations()
                                   if op.type.startswith("Janus")})
             for code, state in executor._states.items()}

with open(os.path.join(args.out, f"stats-rank{rank}.json"), "w") as f:
    json.dump({"stats": janus.stats(), "collectives": collectives.count(),
               "replayed": collectives.replayed(), "graph_ops": graph_ops}, f, default=str)
