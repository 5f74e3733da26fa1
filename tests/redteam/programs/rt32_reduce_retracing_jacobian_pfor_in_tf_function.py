"""A tf.function(reduce_retracing=True) of the program's computes the per-example
Jacobian of a small MLP's output with respect to its first kernel (tape.jacobian with
the default pfor) and returns its squared Frobenius norm as a regulariser; the step calls
it inside its own tape and Adam applies.  Batch size changes at step 8 (4 -> 6) and at
step 16 (-> 3): with reduce_retracing the second trace is shape-relaxed (None batch).
Probes: pfor Jacobian inside the program's tf.function, relaxed retrace, nested tapes."""
import random

import numpy

random.seed(7)
numpy.random.seed(7)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(707)
rng = np.random.default_rng(707)
XS = rng.normal(size=(200, 3)).astype(np.float32)
YS = np.cos(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(3, 5)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.Adam(learning_rate=0.01)
TRACES = [0]


@tf.function(reduce_retracing=True)
def jac_reg(x):
    TRACES[0] += 1
    with tf.GradientTape() as t:
        out = tf.tanh(x @ W1) @ W2
    j = t.jacobian(out, W1)
    return tf.reduce_sum(tf.square(j)) / tf.cast(tf.shape(x)[0], tf.float32)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = tf.tanh(x @ W1) @ W2
        reg = jac_reg(x)
        loss = tf.reduce_mean(tf.square(pred - y)) + 0.01 * reg
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, reg


B = 4
for step in range(30):
    if step == 8:
        B = 6
    if step == 16:
        B = 3
    i = (step * 5) % 180
    loss, reg = train_step(tf.constant(XS[i:i + B]), tf.constant(YS[i:i + B]))
    print(step, repr(float(loss)), repr(float(reg)), TRACES[0])

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "traces": TRACES[0],
}))
