"""Per-example debug output: the step computes per-example margins with `tf.map_fn` whose
fn calls `tf.print("margin", m, output_stream=sys.stdout)` for every example (a common
debugging idiom), and prints a Python summary line before and after the map.  Eagerly
map_fn runs fn once per element, so the tf.print lines come one per example, between the
two Python prints.  janus refuses output inside bodies library code traces, or, if the
print op stayed in the graph, it would print while the graph runs, before the deferred
Python prints.  The batch size changes at step 12.  Probes: tf.print to stdout inside a
tf.map_fn fn, interleaved with the step's own prints."""
import random

import numpy

random.seed(4349)
numpy.random.seed(4349)

import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4349)
rng = np.random.default_rng(4349)
XS = rng.normal(size=(128, 3)).astype(np.float32)
YS = np.where(XS[:, :1] > 0, 1.0, -1.0).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.1)


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        score = x @ W
        loss = tf.reduce_mean(tf.nn.relu(1.0 - y * score))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    print("step", step, "before map")

    def show(m):
        tf.print("margin", m, output_stream=sys.stdout)
        return m * 2.0

    doubled = tf.map_fn(show, tf.reshape(y * score, [-1]))
    print("step", step, "after map")
    return loss, doubled


for step in range(30):
    n = 3 if step < 12 else 2
    i = (step * 4) % 120
    loss, doubled = train_step(tf.constant(XS[i:i + n]), tf.constant(YS[i:i + n]), step)
    print(step, repr(float(loss)), repr(float(tf.reduce_sum(doubled))))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
