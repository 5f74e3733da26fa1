"""The step builds a progress tag with a printf-style integer *precision*,
`"batch %.4d/%5.3d loss %.5f" % (seen, int(hits), float(loss))`, where `seen` is a counter
the step keeps and `hits` a count the graph computes.  In Python, `%.4d` pads with zeros
to at least 4 digits ('0012'); format()'s integer spec has no precision ('.4d' raises
ValueError).  Eager prints the tags; the tag is appended to a history list and printed.
At step 12 the loop resets the counter to 995 so widths grow past the precision.
Probes: %-formatting of graph ints with a precision, rebuilt after the graph."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2503)
rng = np.random.default_rng(2503)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Progress:
    def __init__(self):
        self.seen = 0
        self.tags = []


PROG = Progress()


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = x @ W
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    hits = tf.reduce_sum(tf.cast(tf.abs(pred - y) < 1.0, tf.int32))
    PROG.seen += 1
    tag = "batch %.4d/%5.3d loss %.5f" % (PROG.seen, int(hits), float(loss))
    PROG.tags.append(tag)
    print(tag)
    return loss


for step in range(24):
    if step == 12:
        PROG.seen = 995
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "tags": PROG.tags[-3:],
                  "seen": PROG.seen}))
