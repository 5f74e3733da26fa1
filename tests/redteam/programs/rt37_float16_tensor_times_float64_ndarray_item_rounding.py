"""The step receives a float64 ndarray of per-call scales and multiplies float16
activations by its first item (a numpy float64 scalar) and by the whole array.  Eagerly
TF converts a numpy float64 for a float16 op through numpy, rounding once to float16,
whereas a Cast op from float64 to float16 goes through float32 and rounds twice; the
scales are chosen near float16 ties (1 + 2**-11 + 2**-30, times powers of two), where the
two differ.  At step 12 the global EXP (the power of two) changes, and at step 20 the
global TIE_FREE switches the scales to values where both roundings agree.  Probes:
float16 arithmetic with numpy float64 scalars and arrays handed to the step."""
import random

import numpy

random.seed(3717)
numpy.random.seed(3717)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3717)
rng = np.random.default_rng(3717)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = rng.normal(size=(64, 2)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)
EXP = 0
TIE_FREE = False


def make_scales(step):
    base = 1.25 if TIE_FREE else 1 + 2 ** -11 + 2 ** -30
    return np.array([base * 2.0 ** (EXP - step % 3), (1 + 2 ** -10 + 2 ** -11 + 2 ** -29) * 2.0 ** (step % 2)],
                    dtype=np.float64)


def train_step(x, y, scales):
    s = scales[0]
    with tf.GradientTape() as tape:
        h16 = tf.cast(x @ W, tf.float16)
        z16 = h16 * s + h16 * scales
        loss = tf.reduce_mean(tf.square(tf.cast(z16, tf.float32) - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, tf.cast(tf.constant(1.0, tf.float16) * s, tf.float32)


for step in range(28):
    if step == 12:
        EXP = 2
    if step == 20:
        TIE_FREE = True
    j = (step * 8) % 56
    loss, s16 = train_step(tf.constant(XS[j:j + 8]), tf.constant(YS[j:j + 8]), make_scales(step))
    print(step, float(loss).hex(), float(s16).hex())

print("final", [float(v).hex() for v in W.numpy().ravel()], EXP, TIE_FREE)
