"""The training step pulls its batch with next(it) from a tf.data iterator made
outside the step over Dataset.from_generator; the Python generator prints a
"produce k" line and appends to PRODUCED when it yields.  The step prints before
and after pulling, and records len(PRODUCED) after the pull.

With autotuning and prefetch injection off, eager runs the generator synchronously
inside next(it): the output is "step s" / "produce s" / "got s", and the step's
len(PRODUCED) already counts the batch it pulled.  In a graph the pull is an
IteratorGetNext op that runs the generator (through a py_func) while the graph
runs, before output the graph defers to its commit: "produce" would come before the
"step" line, and a length of PRODUCED read when the call starts would be one short.
The loop also checks the iterator is not advanced twice (a re-run of a call whose
graph already pulled would skip a batch): the batch ids must be 0, 1, 2, ...
Probes: Python code run by a TF op inside the step's graph (a generator behind a
tf.data iterator from outside), its output order and its state writes."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2323)
rng = np.random.default_rng(2323)

XS = rng.normal(size=(40, 8, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.05)
PRODUCED = []
SEEN = []


def batches():
    for k in range(40):
        print("  produce", k)
        PRODUCED.append(k)
        yield XS[k], YS[k], np.int64(k)


OPTIONS = tf.data.Options()
OPTIONS.autotune.enabled = False
OPTIONS.experimental_optimization.inject_prefetch = False
DATASET = tf.data.Dataset.from_generator(
    batches,
    output_signature=(tf.TensorSpec((8, 4), tf.float32), tf.TensorSpec((8, 1), tf.float32),
                      tf.TensorSpec((), tf.int64))).with_options(OPTIONS)
ITERATOR = iter(DATASET)


def train_step(it, step):
    print("  step", step)
    x, y, k = next(it)
    produced = len(PRODUCED)
    print("  got", produced)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    SEEN.append(produced)
    return loss, k


ids = []
for step in range(30):
    loss, k = train_step(ITERATOR, step)
    ids.append(int(k))
    print(step, repr(float(loss)), int(k))

del ITERATOR, DATASET
print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "ids": ids,
    "seen": SEEN,
    "produced": len(PRODUCED),
    "iterations": int(OPT.iterations.numpy()),
}))
