"""A Keras Sequential regressor whose first layer is a `Gains` layer, a subclass of
keras.layers.Rescaling built with one scale per input feature (a list).  The step only
calls MODEL(x); Rescaling.call reads `self.scale`.  Mid-run the loop calls the
program's own `Gains.retune(i, v)`, which edits that scale list in place."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4)


class Gains(keras.layers.Rescaling):
    def retune(self, i, v):
        self.scale[i] = v


rng = np.random.default_rng(41)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 1.5 - XS[:, 2:3] + 0.5 * XS[:, 3:]).astype(np.float32)
GAINS = Gains([1.0, 1.0, 1.0, 1.0])
MODEL = keras.Sequential([keras.Input((4,)), GAINS, keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(24):
    if step == 7:
        GAINS.retune(0, 3.0)
    if step == 14:
        GAINS.retune(2, -0.5)
    if step == 19:
        GAINS.retune(0, 0.25)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), list(GAINS.scale))
print(json.dumps({"w": MODEL.layers[-1].kernel.numpy().ravel().tolist()}))
