"""A Python int the step computes from a counter it keeps (`n = BASE + tick * 2**38`, near
2**60, inside int64) meets a float32 tensor (`tf.ones([2]) * n` and `x * (n * 1e-18)`).
Eager converts the Python int for the float32 op through a C double (PyLong_AsDouble,
then a cast to float): two roundings, so n = 2**60 + 2**36 + 1 + k*2**38 becomes exactly
2**60 + k*2**38.  A graph that carries the int as an int64 tensor and casts it straight to
float32 rounds once and gets 2**60 + k*2**38 + 2**37.  At step 10 the loop resets the
counter.  Probes: Python ints the graph carries converted for a float32 op, at magnitudes
where single and double rounding part."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2502)
rng = np.random.default_rng(2502)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)

BASE = 2**60 + 2**36 + 1


class Tick:
    def __init__(self):
        self.k = 0


TICK = Tick()


def train_step(x, y):
    TICK.k += 1
    n = BASE + TICK.k * 2**38
    probe = tf.ones([2]) * n
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, probe


for step in range(24):
    if step == 10:
        TICK.k = 100
    i = (step * 8) % 56
    loss, probe = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), int(float(probe[0]) - 2**60))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "k": TICK.k}))
