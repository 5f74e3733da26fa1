"""State that flips back and forth A/B/A/B between steps, with edits made to the idle
side.  A Dense layer's activation alternates every step between two
functools.partial objects, LEAKY = partial(tf.nn.leaky_relu, alpha=0.2) and
SCALED = partial(scaled_tanh, gain=1.0); the optimizer's clipnorm alternates between
None and 1.0 on a different period (every 3 steps), so the guard sets seen cycle through
four combinations.

While LEAKY is NOT the layer's activation, the loop edits its keywords in place
(step 11: alpha=0.05; step 19: alpha deleted, so leaky_relu's own default 0.2 applies
again; step 27: alpha=0.3), and on step 15 it edits SCALED's keywords while SCALED is
idle (gain=2.0).  Every graph that was built with the idle partial must not be reused
with its old keywords when the layer flips back to it.  A cache that keeps one graph per
A/B state and checks only the current state's watches would bring back a graph with a
stale alpha or gain.
"""
import functools
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(113)
np.random.seed(113)
keras.utils.set_random_seed(113)

rng = np.random.default_rng(113)
X = tf.constant(rng.normal(size=(64, 5)).astype(np.float32))
Y = tf.constant(rng.normal(size=(64, 1)).astype(np.float32))


def scaled_tanh(x, gain=1.0):
    return gain * tf.tanh(x)


LEAKY = functools.partial(tf.nn.leaky_relu, alpha=0.2)
SCALED = functools.partial(scaled_tanh, gain=1.0)
hidden = keras.layers.Dense(6, activation=LEAKY)
model = keras.Sequential([keras.Input((5,)), hidden, keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(40):
    hidden.activation = LEAKY if step % 2 == 0 else SCALED
    opt.clipnorm = None if (step // 3) % 2 == 0 else 1.0
    if step == 11:
        LEAKY.keywords["alpha"] = 0.05
    if step == 15:
        SCALED.keywords["gain"] = 2.0
    if step == 19:
        del LEAKY.keywords["alpha"]
    if step == 27:
        LEAKY.keywords["alpha"] = 0.3
    i = (step * 8) % 56
    loss = train_step(X[i:i + 8], Y[i:i + 8])
    print(step, "leaky" if hidden.activation is LEAKY else "scaled", opt.clipnorm,
          repr(float(loss)), dict(LEAKY.keywords), dict(SCALED.keywords))

print(json.dumps({
    "weights": [[repr(float(v)) for v in w.numpy().ravel()[:6]] for w in model.weights],
    "iterations": int(opt.iterations.numpy()),
    "leaky": dict(LEAKY.keywords),
    "scaled": dict(SCALED.keywords),
}))
