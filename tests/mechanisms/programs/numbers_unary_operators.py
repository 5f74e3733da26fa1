"""Unary operators on Python numbers the step carries: `+ema` of a float EMA (the very
float object, stored back), `+flag` of a bool (the int it counts as), `-count` and
`~count` of an int step counter, kept on a tracker and printed with their types.  The
loop resets the EMA to an int at step 9 and flips the flag at step 13."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(21)
rng = np.random.default_rng(21)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = rng.normal(size=(40, 1)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
opt = keras.optimizers.SGD(0.1)


class Tracker:
    def __init__(self):
        self.ema = 0.0
        self.count = 0
        self.flag = False
        self.last = None


T = Tracker()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    T.ema = +(0.9 * T.ema + 0.1 * float(loss))
    T.count += 1
    T.last = (+T.flag, -T.count, ~T.count, +T.ema)
    return loss


for step in range(20):
    if step == 9:
        T.ema = 0
    if step == 13:
        T.flag = True
    i = (step * 4) % 36
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, round(float(loss), 5), [type(v).__name__ for v in T.last],
          T.last[:3], round(T.last[3], 6), T.last[3] is T.ema)

print(json.dumps({"W": [round(float(v), 5) for v in W.numpy().ravel()]}))
