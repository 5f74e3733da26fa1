"""A regression MLP trained with SGD(momentum) whose learning rate is a zero-argument
C callable: the bound method `LR_FEED.popleft` of a program deque.  Keras'
`_get_current_learning_rate` calls it (natively, no Python frame) once per
`apply_gradients`, so every step consumes exactly the one rate the loop pushed for it.
Mid-run the loop changes the feed: a decay at step 10, a warm restart at step 19, and at
step 27 it pushes one extra 0.0 ("skip an update"), after which the feed runs one rate
behind.  Each step prints the loss, the feed's length (1 after the extra push, 0
otherwise) and the optimizer's iteration count.
Probes: library state held as a C bound method whose object (a deque) the library
call mutates -- a build that calls it natively consumes an item, and a graph that bakes
the rate in consumes none."""
import random

import numpy

random.seed(5901)
numpy.random.seed(5901)

import collections
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5901)
rng = np.random.default_rng(5901)
XS = rng.normal(size=(192, 5)).astype(np.float32)
YS = (np.sin(XS[:, :1] * 1.5) + 0.3 * XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(16, activation="tanh"),
    keras.layers.Dense(1),
])
LR_FEED = collections.deque()
OPT = keras.optimizers.SGD(learning_rate=LR_FEED.popleft, momentum=0.8)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


base = 0.05
cycle_start = 0
for step in range(34):
    if step == 10:
        base = 0.02
    if step == 19:
        base = 0.06
        cycle_start = step
    if step == 27:
        LR_FEED.append(0.0)
    LR_FEED.append(base * (1.0 - 0.04 * (step - cycle_start)))
    i = (step * 16) % 176
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), len(LR_FEED), int(OPT.iterations.numpy()))

print(json.dumps({
    "feed": [repr(v) for v in LR_FEED],
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:8]],
}))
