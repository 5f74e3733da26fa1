"""Per-step diagnostics written with `tf.print(..., output_stream="file://<path>")` to a
log file (appended by TF's kernel), interleaved with ordinary `print` to stdout in the
same step: the step prints a header line, tf.prints the loss, a weight vector with
`summarize=3` and a custom `sep`, then prints a footer.  The loop reads the file back
every 4 steps and prints how many lines it has and its last line, and at step 17
switches the global path so later tf.prints go to a second file.  Probes: tf.print to a
file (not a Python stream) in program order with the step's prints, visible to the
loop right after the call, and a global output_stream string changed mid-run."""
import random

import numpy

random.seed(550)
numpy.random.seed(550)

import json
import os
import shutil
import tempfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(550)
rng = np.random.default_rng(550)
XS = rng.normal(size=(160, 5)).astype(np.float32)
YS = (XS[:, :2].prod(axis=1, keepdims=True) + 0.2).astype(np.float32)

DIR = tempfile.mkdtemp(prefix="rt53tp")
PATHS = [os.path.join(DIR, "a.log"), os.path.join(DIR, "b.log")]
STREAM = "file://" + PATHS[0]
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(9, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(0.05)
CALLS = [0]


def train_step(x, y):
    CALLS[0] += 1
    print("  begin", CALLS[0])
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    tf.print("call", CALLS[0], "loss", loss, MODEL.layers[-1].kernel[:, 0], sep=" ; ",
             summarize=3, output_stream=STREAM)
    print("  end", CALLS[0])
    return loss


def tail(path):
    if not os.path.exists(path):
        return 0, None
    with open(path) as f:
        lines = f.read().splitlines()
    return len(lines), (lines[-1] if lines else None)


for step in range(30):
    if step == 17:
        STREAM = "file://" + PATHS[1]
    i = (step * 8) % 152
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))
    if step % 4 == 3:
        print("  file", [tail(p) for p in PATHS])

print(json.dumps({"a": tail(PATHS[0]), "b": tail(PATHS[1]),
                  "k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]]}))
shutil.rmtree(DIR)
del DIR, PATHS, STREAM       # temporary paths differ from run to run
