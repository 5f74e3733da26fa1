"""The step makes tnp.asarray(float(loss) * SCALE) and tnp.asarray(N) with
tf.experimental.numpy (numpy-style dtype inference: a Python float becomes float64, an
int int64) and prints each dtype and value; N is a counter the step bumps.  At step 15
SCALE changes.  Probes: tf.experimental.numpy's dtype inference of Python numbers the
graph carries."""
import random

import numpy

random.seed(2918)
numpy.random.seed(2918)

import json
import tensorflow.experimental.numpy as tnp

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2918)
rng = np.random.default_rng(2918)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SCALE = 1.0
N = 0


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    global N
    a = tnp.asarray(float(loss) * SCALE)
    b = tnp.asarray(N) * 3
    N += 1
    print("tnp", a.dtype.name, repr(float(a)), b.dtype.name, int(b))
    return loss


for step in range(30):
    if step == 15:
        SCALE = 0.5
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
