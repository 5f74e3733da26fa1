"""A cyclic schedule computed with Python integer arithmetic on a phase counter that
starts negative during warm-up: `t = int(opt.iterations) - WARM`; then
`cycle, pos = divmod(t, PERIOD)`, `t // PERIOD`, `t % PERIOD` (floor semantics for
negatives), `-t // 4` vs `-(t // 4)`, `int(t / PERIOD)` (truncation), and
`round(t / 2)` (half to even).  The LR is a Python float built from them.  At step 12
the loop changes PERIOD from 5 to 3.  janus carries the ints as int64 and must keep
Python's floor division and modulo signs."""
import random

import numpy

random.seed(104)
numpy.random.seed(104)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4304)
rng = np.random.default_rng(4304)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, 2:3] - 0.3).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
opt = keras.optimizers.SGD(0.1)
WARM = 9
PERIOD = 5


def train_step(x, y):
    t = int(opt.iterations) - WARM
    cycle, pos = divmod(t, PERIOD)
    a = t // PERIOD
    b = t % PERIOD
    c = -t // 4
    d = -(t // 4)
    e = int(t / PERIOD)
    f = round(t / 2)
    opt.learning_rate.assign(0.05 + 0.01 * pos + 0.001 * (cycle + a + b + c + d + e + f))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, (t, cycle, pos, a, b, c, d, e, f)


for step in range(30):
    if step == 12:
        PERIOD = 3
    i = (step * 8) % 88
    loss, nums = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), nums, repr(float(opt.learning_rate.numpy())))

print(json.dumps({"k": [repr(float(v)) for v in model.trainable_variables[0].numpy().ravel()]}))
