"""A Keras MLP; the step asks the tape for gradients with respect to *all* of the
model's weights (`MODEL.weights`, trainable or not), counts the None gradients in an
attribute, and applies the non-None ones with Adam.  From outside the loop freezes the
first Dense (`layer.trainable = False`) at call 8, unfreezes it at call 15, sets one
Keras variable's own `trainable = False` (the second layer's bias) at call 20, and back
at call 26.  Eagerly the tape watches a variable when it is read only if it is
trainable at that moment, so the None count follows the toggles.  Probes: trainability
of Keras variables changed mid-run, seen through which gradients a tape returns."""
import random

import numpy

random.seed(3923)
numpy.random.seed(3923)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3923)
rng = np.random.default_rng(3923)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = np.sin(2.0 * XS @ rng.normal(size=(5, 1))).astype(np.float32)
D1 = keras.layers.Dense(8, activation="tanh")
D2 = keras.layers.Dense(1)
MODEL = keras.Sequential([keras.Input((5,)), D1, D2])
OPT = keras.optimizers.Adam(learning_rate=0.03)
OPT.build(MODEL.weights)


class Count:
    nones = 0


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    ws = MODEL.weights
    grads = tape.gradient(loss, ws)
    pairs = []
    for g, w in zip(grads, ws):
        if g is None:
            Count.nones += 1
        else:
            pairs.append((g, w))
    OPT.apply_gradients(pairs)
    return loss, len(pairs)


for step in range(32):
    if step == 8:
        D1.trainable = False
    if step == 15:
        D1.trainable = True
    if step == 20:
        D2.bias.trainable = False
    if step == 26:
        D2.bias.trainable = True
    i = (step * 16) % 80
    loss, n = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), n, Count.nones, [w.trainable for w in MODEL.weights],
          len(MODEL.trainable_weights))

for v in MODEL.weights:
    print(v.path, v.numpy().ravel()[:6].tolist())
print("opt", int(OPT.iterations), [v.numpy().ravel()[:2].tolist() for v in OPT.variables[1:]])
