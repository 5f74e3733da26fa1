"""A Dense layer's activation is functools.partial(mixed_act, mix=MIX) where MIX is a
plain dict of blend coefficients held as the VALUE of one of the partial's keywords.
The loop never writes the partial's keywords dict itself (it keeps holding the same MIX
object); it edits MIX in place: at step 12 MIX["tanh"] changes, at step 20 a new key
"relu" is added (mixed_act uses it when present), at step 28 "tanh" is deleted (mixed_act
then falls back to a default).

Keras calls the partial at every forward pass; mixed_act reads MIX's items each call.
A watch on the partial's keywords dict sees nothing (same object at key "mix"), so a
graph that baked the items mixed_act read while it was built keeps the old blend, and
the losses and weights drift from eager's after step 12.
"""
import functools
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(3)
np.random.seed(3)
keras.utils.set_random_seed(3)

rng = np.random.default_rng(3)
X = tf.constant(rng.normal(size=(64, 5)).astype(np.float32))
Y = tf.constant(np.sin(rng.normal(size=(64, 1))).astype(np.float32))

MIX = {"tanh": 0.75, "lin": 0.25}


def mixed_act(x, mix):
    out = mix.get("tanh", 0.5) * tf.tanh(x) + mix["lin"] * x
    if "relu" in mix:
        out = out + mix["relu"] * tf.nn.relu(x)
    return out


ACT = functools.partial(mixed_act, mix=MIX)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation=ACT),
                          keras.layers.Dense(1)])
opt = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(36):
    if step == 12:
        MIX["tanh"] = 0.25
    if step == 20:
        MIX["relu"] = 0.5
    if step == 28:
        del MIX["tanh"]
    i = (step * 8) % 56
    loss = train_step(X[i:i + 8], Y[i:i + 8])
    print(step, repr(float(loss)), sorted(MIX.items()))

print(json.dumps({
    "weights": [[repr(float(v)) for v in w.numpy().ravel()[:8]] for w in model.weights],
    "iterations": int(opt.iterations.numpy()),
    "mix": MIX,
}))
