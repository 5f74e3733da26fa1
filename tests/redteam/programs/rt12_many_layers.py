"""A deep, narrow Sequential of 120 Dense(4, tanh) layers (a few thousand TF/Keras dicts in
all, beyond the 4096 dicts a graph is said to watch).  At step 10 the program sets the
LAST hidden layer's activation to softsign, at step 17 a MIDDLE layer's activation to
relu, at step 24 the FIRST layer's activation to linear.  Eager uses each new activation
at the next call.  Probes: what happens to library-state watching past its per-graph cap
(silently unwatched dicts vs. refusal)."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1208)
rng = np.random.default_rng(1208)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (0.5 * np.tanh(XS[:, :1] - XS[:, 1:2])).astype(np.float32)

DEPTH = 120
HIDDEN = [
    keras.layers.Dense(4, activation="tanh",
                       kernel_initializer=keras.initializers.Orthogonal(gain=1.0, seed=k))
    for k in range(DEPTH)
]
MODEL = keras.Sequential([keras.Input((4,))] + HIDDEN + [keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 10:
        HIDDEN[-1].activation = keras.activations.softsign
    if step == 17:
        HIDDEN[DEPTH // 2].activation = keras.activations.relu
    if step == 24:
        HIDDEN[0].activation = keras.activations.linear
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
    "first": [repr(float(v)) for v in HIDDEN[0].kernel.numpy().ravel()[:4]],
    "iterations": int(OPT.iterations.numpy()),
}))
