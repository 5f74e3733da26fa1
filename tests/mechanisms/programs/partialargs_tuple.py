"""A Lambda layer wraps `functools.partial(mix, (WEIGHTS, 0.5))`: the partial's one
positional argument is a tuple holding a list of mixing weights and a float.  The tuple
cannot change; the list in it can, and the loop edits it in place."""
import functools

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(542)
rng = np.random.default_rng(542)
X = rng.normal(size=(64, 4)).astype("float32")
Y = rng.normal(size=(64, 1)).astype("float32")
WEIGHTS = [1.0, 0.0, 1.0, 0.0]


def mix(config, x):
    weights, gain = config
    return x * tf.constant(weights, dtype=x.dtype) * gain


model = keras.Sequential([keras.Input((4,)),
                          keras.layers.Lambda(functools.partial(mix, (WEIGHTS, 0.5))),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(20):
    if step == 6:
        WEIGHTS[1] = 1.0
    if step == 12:
        WEIGHTS[3] = 2.0
    i = (step * 8) % 56
    print(step, repr(float(train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8])))))
