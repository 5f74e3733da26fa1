"""The step draws from four generators for noise and augmentation: a
`tf.random.Generator` (input noise), a Keras `SeedGenerator` through
`keras.random.normal(seed=SG)` (weight noise), numpy's global generator
(`np.random.uniform()` for a scale) and Python's `random.random()` (a coin for the
sign); the draws enter the loss.  From outside the loop reseeds them at different calls:
`GEN.reset_from_seed(77)` at 7, `SG = keras.random.SeedGenerator(5)` (a new object) at
11, `np.random.seed(123)` at 15, `random.seed(9)` at 19, `GEN.skip(3)` at 23.  Prints the
loss and the draws per call and all generator states at the end.  Probes: draws from
several generators of different kinds inside a converted step, reseeded mid-run."""
import random

import numpy

random.seed(3926)
numpy.random.seed(3926)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3926)
rng = np.random.default_rng(3926)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(0.05)
GEN = tf.random.Generator.from_seed(1234)
SG = keras.random.SeedGenerator(42)


def train_step(x, y):
    noise = GEN.normal(tf.shape(x), stddev=0.1)
    wn = keras.random.normal((4, 1), stddev=0.01, seed=SG)
    scale = np.random.uniform(0.5, 1.5)
    coin = random.random()
    sign = 1.0 if coin < 0.5 else -1.0
    with tf.GradientTape() as tape:
        pred = (x + noise) @ (W + wn)
        loss = tf.reduce_mean(tf.square(pred - y)) * scale + 0.001 * sign
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    return loss, noise[0, 0], wn[0, 0], scale, coin


for step in range(28):
    if step == 7:
        GEN.reset_from_seed(77)
    if step == 11:
        SG = keras.random.SeedGenerator(5)
    if step == 15:
        np.random.seed(123)
    if step == 19:
        random.seed(9)
    if step == 23:
        GEN.skip(3)
    i = (step * 8) % 56
    loss, n0, w0, scale, coin = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(n0)), repr(float(w0)), repr(scale),
          type(scale).__name__, repr(coin))

print("W", W.numpy().ravel().tolist())
print("GEN", GEN.state.numpy().tolist(), "SG", SG.state.numpy().tolist())
print("np", np.random.get_state()[1][:4].tolist(), np.random.get_state()[2])
print("py", random.getstate()[1][:4], random.random())
