"""Probes output in the step whose destination and separators are program globals:
`sys.stdout.write(...)` of a string the step builds from a program list item before
the update, `print(..., file=OUT, end=END)` where OUT and END
are globals the loop rebinds (OUT from sys.stdout to a StringIO at step 12 and back at
step 24, its buffered text dumped by the loop; END from "\n" to " |\n" at step 18), and
`print(*PARTS, sep=SEP)` over a program list the loop edits in place.  Output order
relative to the loop's own prints, and the text of each, must be the interpreter's.  A
graph that kept the first file/end/sep, would print
other lines or lose some."""
import io
import json
import random
import sys

import keras
import numpy as np
import tensorflow as tf

random.seed(2214)
np.random.seed(2214)
keras.utils.set_random_seed(2214)
rng = np.random.default_rng(2214)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2]).astype(np.float32)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.1)
OUT = sys.stdout
END = "\n"
SEP = " "
PARTS = ["epoch", 0]


class Counter:
    n = 0


CTR = Counter()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    sys.stdout.write("  pre-update " + PARTS[0] + "\n")
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    print("  log", CTR.n, file=OUT, end=END)
    print(*PARTS, sep=SEP)
    CTR.n += 1
    return loss


buf = io.StringIO()
for step in range(36):
    if step == 12:
        OUT = buf
    if step == 18:
        END = " |\n"
        PARTS.append("phase2")
    if step == 21:
        PARTS[0] = "EPOCH"
        SEP = "::"
    if step == 24:
        OUT = sys.stdout
        print("buffered:", repr(buf.getvalue()))
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "weights": [repr(float(v)) for w in MODEL.get_weights() for v in w.ravel()[:8]],
    "iterations": int(OPT.iterations.numpy()),
    "buf": buf.getvalue(), "stepno": CTR.n,
}))
