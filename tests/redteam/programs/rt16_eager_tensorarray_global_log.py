"""A loss log kept in a module-level tf.TensorArray (dynamic_size=True) made eagerly.  In
eager a TensorArray is a Python list underneath: `LOSS_TA = LOSS_TA.write(k, loss)`
stores into that list in place and hands back a wrapper over the same storage, and
`LOSS_TA.read(k - 1)` / `LOSS_TA.size()` read it back in the next call to damp the step
when the loss rose.  In a graph, TensorArray.write is functional (a new flow value) and
an eager TensorArray cannot be written from inside a graph at all: a converted step must
either refuse or reproduce the in-place effect, or the log would stay empty or hold
graph tensors.  Probes: an eagerly-created TF container with Python-side mutable state
written by the step."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1628)
rng = np.random.default_rng(1628)

XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] + XS[:, 2:3]).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
LOSS_TA = tf.TensorArray(tf.float32, size=0, dynamic_size=True, clear_after_read=False)
ORIGINAL = LOSS_TA


def train_step(x, y, k):
    global LOSS_TA
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    if k > 0:
        prev = LOSS_TA.read(k - 1)
        damp = tf.where(loss > prev, 0.5, 1.0)
    else:
        damp = tf.constant(1.0)
    OPT.apply_gradients(zip([g * damp for g in grads], model.trainable_variables))
    LOSS_TA = LOSS_TA.write(k, loss)
    print(f"k {k} logged {int(LOSS_TA.size())} damp {float(damp)}")
    return loss


for step in range(30):
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), type(LOSS_TA).__name__, ORIGINAL.size().numpy())

logged = LOSS_TA.stack().numpy()
print(json.dumps({
    "logged": int(LOSS_TA.size()),
    "logged_tail": [repr(float(v)) for v in logged[-3:]],
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))
