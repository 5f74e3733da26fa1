"""Progress text written with the streams' `writelines` method rather than print or
write: the step builds a list of lines from the loss and gradient norm it computes and
calls `sys.stdout.writelines(lines)` and `REPORT.writelines(lines[1:])` (an
io.StringIO report), and returns how many characters the report holds by then
(`REPORT.tell()`).  From step 10 on (a global VERBOSE the loop sets) the step adds a
third line with the learning rate.  Probes: `writelines` of text made from graph values
on an io stream and on sys.stdout, in program order with print, and the report's
position read back in the same call."""
import random

import numpy

random.seed(4526)
numpy.random.seed(4526)

import io
import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4526)
rng = np.random.default_rng(4526)
XS = rng.normal(size=(72, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] * 0.5 + 0.1).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
REPORT = io.StringIO()
VERBOSE = False


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    lines = [f"[{step:02d}] loss={float(loss):.6f}\n",
             f"      gnorm={float(tf.linalg.global_norm(grads)):.5f}\n"]
    if VERBOSE:
        lines.append(f"      lr={float(OPT.learning_rate):.3f}\n")
    print("begin", step)
    sys.stdout.writelines(lines)
    REPORT.writelines(lines[1:])
    print("end", step)
    return loss, REPORT.tell()


for step in range(20):
    if step == 10:
        VERBOSE = True
    i = (step * 6) % 66
    loss, pos = train_step(tf.constant(XS[i:i + 6]), tf.constant(YS[i:i + 6]), step)
    print(step, repr(float(loss)), pos, len(REPORT.getvalue()))

print(json.dumps({"report_tail": REPORT.getvalue().splitlines()[-3:],
                  "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()]}))
