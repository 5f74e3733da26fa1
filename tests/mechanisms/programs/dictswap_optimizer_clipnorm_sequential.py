"""A Keras Sequential regressor trained by an SGD optimizer without gradient clipping.
Mid-run the loop swaps the optimizer's whole `__dict__` for an edited copy with
`clipnorm = 0.05` (the original dict stays alive in `SAVED`), later for a copy with
`clipvalue = 0.02`, and finally puts the original dict back."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(14)

rng = np.random.default_rng(53)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (3.0 * XS[:, :1] - 2.0 * XS[:, 3:] + XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(0.05)
SAVED = OPT.__dict__


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(24):
    if step == 7:
        d = dict(SAVED)
        d["clipnorm"] = 0.05
        object.__setattr__(OPT, "__dict__", d)
    if step == 14:
        d = dict(SAVED)
        d["clipvalue"] = 0.02
        object.__setattr__(OPT, "__dict__", d)
    if step == 19:
        object.__setattr__(OPT, "__dict__", SAVED)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), OPT.clipnorm, OPT.clipvalue)
print(json.dumps({"w": MODEL.layers[-1].kernel.numpy().ravel().tolist()}))
