"""A replay-priority buffer kept as the program's list, pruned by the step with the
less common list operations: `del BUF[::2]` (extended-slice deletion) once it holds
more than six items, `BUF.insert(-1, v)` (inserts before the last item),
`BUF[1:1] = [v, v]` (insertion through an empty slice), `BUF.reverse()` every third
call, and `BUF.extend(BUF[:1])` (extends with a slice of itself).  The step's
priority is `BUF[0] - BUF[-2]`, read after those writes.  At step 13 the loop
appends two sentinel values to BUF.  Probes: a caller's list changed in the call by
operations that move items (not appends or item writes), read back in the same call and
rebuilt at commit."""
import random

import numpy

random.seed(4515)
numpy.random.seed(4515)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4515)
rng = np.random.default_rng(4515)
XS = rng.normal(size=(90, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.6 + np.cos(XS[:, 1:2])).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
BUF = [0.5, 0.25]
CALLS = [0]


def train_step(x, y, boost):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y)) * (1.0 + boost)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    v = float(loss)
    CALLS[0] += 1
    BUF.insert(-1, v)
    BUF[1:1] = [v * 0.5, v * 0.25]
    if len(BUF) > 6:
        del BUF[::2]
    if CALLS[0] % 3 == 0:
        BUF.reverse()
    BUF.extend(BUF[:1])
    priority = BUF[0] - BUF[-2]
    return loss, priority, len(BUF)


boost = 0.0
for step in range(25):
    if step == 13:
        BUF.append(-1.0)
        BUF.append(-2.0)
    i = (step * 9) % 81
    loss, priority, n = train_step(tf.constant(XS[i:i + 9]), tf.constant(YS[i:i + 9]), boost)
    boost = min(max(priority, 0.0), 0.5)
    print(step, repr(float(loss)), repr(priority), n, [repr(v) for v in BUF])

print(json.dumps({"buf": [repr(v) for v in BUF],
                  "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:5]]}))
