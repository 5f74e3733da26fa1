"""setattr over a tuple of field names (a guarded global), each field a statistic of the
batch; the tuple gains a field at step 8, and delattr drops a scratch field the step set."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(61)
rng = np.random.default_rng(61)
XS = rng.normal(size=(48, 3)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.05)


class Stats:
    pass


ST = Stats()
FIELDS = ("mean", "max")


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = x @ W - y
        loss = tf.reduce_mean(tf.square(err))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    setattr(ST, "scratch", err)
    for name in FIELDS:
        setattr(ST, name, getattr(tf, "reduce_" + name)(getattr(ST, "scratch")))
    delattr(ST, "scratch")
    return loss


for step in range(18):
    if step == 8:
        FIELDS = ("mean", "max", "min")
    i = (step * 4) % 44
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), [repr(float(getattr(ST, f))) for f in FIELDS],
          hasattr(ST, "scratch"))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
