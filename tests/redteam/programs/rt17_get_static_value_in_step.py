"""The step asks tf.get_static_value for the number of positive labels in its batch,
a helper pattern written to work "in both modes": use the value when it is known,
else fall back to a default.

In eager every tensor has a value, so tf.get_static_value returns a numpy int32
scalar at every call; the step uses it as a Python number for the positive-class
weight, records it (type included) and prints it.  Inside a graph the same library
call returns None for anything computed from the inputs (it only folds constants):
a graph that let TensorFlow's tf.get_static_value run natively would take the
"unknown" path at every call (weight 1.0, None recorded), and the losses, weights
and JSON would differ from eager's.
Probes: library introspection functions whose answer depends on eager vs graph
execution (constant folding of values eager knows)."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3030)
rng = np.random.default_rng(3030)

XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS @ rng.normal(size=(6, 1)) + 0.3 * rng.normal(size=(96, 1)) > 0.4).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.2)
B = tf.Variable(tf.zeros((1,)))
OPT = keras.optimizers.SGD(learning_rate=0.2)
COUNTS = []


def train_step(x, y):
    n_pos = tf.get_static_value(tf.reduce_sum(tf.cast(y > 0.5, tf.int32)))
    if n_pos is None:
        pos_weight = 1.0
    else:
        pos_weight = float(len(y) - n_pos + 1) / float(n_pos + 1)
    COUNTS.append(n_pos)
    with tf.GradientTape() as tape:
        logits = x @ W + B
        loss = tf.reduce_mean(tf.nn.weighted_cross_entropy_with_logits(y, logits, pos_weight))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    return loss, pos_weight


for step in range(32):
    i = (step * 12) % 84
    loss, pw = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)), repr(pw), repr(COUNTS[-1]))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "B": repr(float(B[0])),
    "counts": [None if c is None else int(c) for c in COUNTS],
    "count_types": sorted({type(c).__name__ for c in COUNTS}),
    "iterations": int(OPT.iterations.numpy()),
}))
