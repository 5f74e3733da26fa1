"""A Keras `Lambda` layer given `arguments={"taps": [tap0, tap1], "bias": bias}`, numpy
arrays inside a list inside the dict (Keras passes `**self.arguments` to the function
at every call).  The program edits the arrays IN PLACE: at step 10 `tap1[:] *= -1.0`
(an array inside the nested list), at step 20 `bias += 0.25` (an array directly in the
dict).  No attribute and no dict or list item is rebound; only array contents change.
Eager's Lambda reads the arrays at every call and converts them then.  Probes: numpy
arrays held by a library object inside nested lists and dicts (the contract compares
arrays a library object holds, and nested lists of numbers, by content); a graph that
folded the arrays' contents as constants keeps the old taps or bias."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1967)
rng = np.random.default_rng(1967)

XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(6, 1)).astype(np.float32)).astype(np.float32)

TAP0 = np.linspace(0.5, 1.5, 8).astype(np.float32)
TAP1 = np.linspace(-0.2, 0.2, 8).astype(np.float32)
BIAS = np.zeros(8, dtype=np.float32)


def mix(t, taps, bias):
    return t * taps[0] + tf.square(t) * taps[1] + bias


MODEL = keras.Sequential([
    keras.Input(shape=(6,)),
    keras.layers.Dense(8, activation="tanh"),
    keras.layers.Lambda(mix, arguments={"taps": [TAP0, TAP1], "bias": BIAS}),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 10:
        TAP1[:] *= -1.0
    if step == 20:
        BIAS += 0.25
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "weights": [repr(float(v)) for v in MODEL.trainable_variables[0].numpy().ravel()[:10]],
    "head": [repr(float(v)) for v in MODEL.trainable_variables[-2].numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))
