"""The hidden Dense layer's activation is the bound method `GATE.__call__` of a separate Keras
Activation layer (GATE is not a sublayer of the model; it is reachable from the model only
through the bound method's __self__).  At step 10 the program sets GATE.activation to
softsign; at step 20 it replaces the Dense layer's activation with the bound method of a
second gate layer whose activation is relu6-like.  Eager follows both changes at the next
call.  Probes: library objects reached only through a bound method held in a watched dict
(not a dict, list or library object itself), whose own dict is written mid-run."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1204)
rng = np.random.default_rng(1204)

XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (np.tanh(XS[:, :3].sum(axis=1, keepdims=True)) - 0.3 * XS[:, 3:4]).astype(np.float32)

GATE = keras.layers.Activation("tanh")
GATE2 = keras.layers.Activation(keras.activations.relu6)
HIDDEN = keras.layers.Dense(10, activation=GATE.__call__)
MODEL = keras.Sequential([keras.Input((6,)), HIDDEN, keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
LOSS = keras.losses.MeanSquaredError()


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = LOSS(y, pred)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 10:
        GATE.activation = keras.activations.softsign
    if step == 20:
        HIDDEN.activation = GATE2.__call__
    i = (step * 12) % 84
    loss = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)))

print(json.dumps({
    "kernel0": [repr(float(v)) for v in HIDDEN.kernel.numpy().ravel()[:6]],
    "out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))
