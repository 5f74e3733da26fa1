"""One call instruction `h = layer(h)` inside a Python loop over a list of layers calls a
different Keras layer at each iteration. Mid-run the list is reversed (step 9), grown by a
custom layer (step 15), one element replaced by a fresh, unbuilt Dense of the same config
(step 21) and an element swapped for a layer of another class (step 27). zlib.crc32 of the
hidden tensor's bytes (an unknown C call) keeps the step in the interpreter."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(101)
rng = np.random.default_rng(101)
X = rng.normal(size=(64, 6)).astype("float32")
Y = rng.normal(size=(64, 1)).astype("float32")


class Scale(keras.layers.Layer):
    def __init__(self, s, **kw):
        super().__init__(**kw)
        self.s = s

    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1],), initializer="ones", name="w")

    def call(self, x):
        return x * self.w * self.s


L1 = keras.layers.Dense(6, activation="tanh")
L2 = keras.layers.Dense(6, activation="relu")
L3 = Scale(0.5)
HEAD = keras.layers.Dense(1)
LAYERS = [L1, L2, L3]
CRCS = []


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = x
        for layer in LAYERS:
            h = layer(h)
        p = HEAD(h)
        loss = tf.reduce_mean(tf.square(p - y))
    crc = zlib.crc32(h.numpy().tobytes())
    CRCS.append(crc % 1000)
    vs = [v for l in LAYERS + [HEAD] for v in l.trainable_variables]
    grads = tape.gradient(loss, vs)
    for v, g in zip(vs, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, crc


for step in range(34):
    if step == 9:
        LAYERS.reverse()
    if step == 15:
        LAYERS.append(Scale(1.5))
    if step == 21:
        LAYERS[0] = keras.layers.Dense(6, activation="tanh")
    if step == 27:
        LAYERS[1] = keras.layers.Activation("sigmoid")
    i = (step * 8) % 56
    loss, grads, crc = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]))
    print(step, repr(float(loss)), crc, [type(l).__name__ for l in LAYERS])
    print("  g0", flat(grads[0])[:12])
    print("  glast", flat(grads[-1]), flat(grads[-2]))

state = {
    "vars": [repr(float(tf.reduce_sum(v))) for l in LAYERS + [HEAD, L1, L2, L3] for v in l.trainable_variables],
    "head": flat(HEAD.kernel),
    "crcs": CRCS,
}
print(json.dumps(state))
