"""Data-pipeline bug caught by the loop: batches 11 and 21 have 5 features instead of
4, so the model's call raises Keras' input-spec ValueError inside the step.  Before
the model call the step increments a non-trainable counter variable (assign_add),
appends the batch size to a Python list and draws dropout-style noise from a
tf.random.Generator.  The loop prints the error's first line and continues.  Probes:
a library ValueError raised inside a converted step part-way, after variable, Python
and RNG writes."""
import random

import numpy

random.seed(55)
numpy.random.seed(55)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5501)
rng = np.random.default_rng(5501)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS.sum(axis=1, keepdims=True) > 0).astype(np.float32)
BAD = rng.normal(size=(8, 5)).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1, activation="sigmoid")])
OPT = keras.optimizers.Adam(learning_rate=0.01)
bce = keras.losses.BinaryCrossentropy()
SEEN = tf.Variable(0, trainable=False)
GEN = tf.random.Generator.from_seed(55)
sizes = []


def train_step(x, y):
    SEEN.assign_add(1)
    sizes.append(int(tf.shape(x)[0]))
    noise = GEN.normal(tf.shape(x), stddev=0.05)
    with tf.GradientTape() as tape:
        loss = bce(y, model(x + noise, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    i = (step * 8) % 56
    x = BAD if step in (11, 21) else XS[i:i + 8]
    try:
        loss = train_step(tf.constant(x), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), int(SEEN), len(sizes))
    except ValueError as e:
        print(step, "ValueError", str(e).splitlines()[0][:80], int(SEEN), len(sizes))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "seen": int(SEEN), "sizes": sizes[-4:], "n": len(sizes),
    "gen": [int(v) for v in GEN.state.numpy()],
}))
