"""The step sets its optimizer's clipnorm from the training phase before applying the
gradients (`OPT.clipnorm = 1.0 if phase == "warm" else None`), as fine-tuning code
does; the phase changes at steps 10 and 20.  Library code (the optimizer's apply) reads
the attribute the step just wrote, and the write lands as eager's does."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(121)
rng = np.random.default_rng(121)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.1)


def train_step(x, y, phase):
    OPT.clipnorm = 0.05 if phase == "warm" else None
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w - y))
    OPT.apply_gradients([(tape.gradient(loss, w), w)])
    return loss


for step in range(30):
    phase = "warm" if step < 10 or step >= 20 else "main"
    x = tf.constant(rng.normal(size=(6, 3)).astype(np.float32) * 3.0)
    y = tf.constant(rng.normal(size=(6, 1)).astype(np.float32))
    print(step, repr(float(train_step(x, y, phase))), OPT.clipnorm)
print(json.dumps([float(v).hex() for v in w.numpy().ravel()]))
