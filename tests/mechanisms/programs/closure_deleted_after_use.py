"""A step frees a variable its closures share once they are done with it (`del scaled`
after the loss function used it), then binds the name again for a second closure; a
step made by a factory empties one of the factory's variables (`nonlocal pending;
del pending`) when a global flag says so, and the loop refills it through the factory's
setter.  The flag changes at step 8 and back at step 12."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(11)
rng = np.random.default_rng(11)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = rng.normal(size=(40, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
opt = keras.optimizers.SGD(0.1)
CLEAR = False


def make_step():
    pending = 0.5

    def refill(value):
        nonlocal pending
        pending = value

    def train_step(x, y):
        nonlocal pending

        def loss_fn():
            return tf.reduce_mean(tf.square(x @ scaled - y))

        with tf.GradientTape() as tape:
            scaled = W * pending
            loss = loss_fn()
        del scaled
        scaled = W * 2.0
        penalty = (lambda: tf.reduce_sum(scaled))()
        opt.apply_gradients([(tape.gradient(loss, W), W)])
        if CLEAR:
            del pending
        return loss, penalty

    return train_step, refill


train_step, refill = make_step()
for step in range(20):
    CLEAR = 8 <= step < 12
    i = (step * 4) % 36
    loss, penalty = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    if CLEAR:
        refill(0.5 + step / 100)
    print(step, round(float(loss), 5), round(float(penalty), 5))

print(json.dumps({"W": [round(float(v), 5) for v in W.numpy().ravel()]}))
