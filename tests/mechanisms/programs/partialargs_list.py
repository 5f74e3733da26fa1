"""A Dense layer's activation is `functools.partial(gated, GATES)`: per-unit gates in a
list in the partial's positional arguments, which the loop edits in place (items, then
the whole slice).  Keras calls the activation inside its own call, which hands the
whole list to TF."""
import functools

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(541)
rng = np.random.default_rng(541)
X = rng.normal(size=(64, 4)).astype("float32")
Y = rng.normal(size=(64, 1)).astype("float32")
GATES = [1.0, 0.5, 1.0, 0.5, 1.0, 0.5]


def gated(gates, x):
    # The whole list handed to TF, as a per-unit constant.
    return tf.tanh(x) * tf.constant(gates, dtype=x.dtype)


model = keras.Sequential([keras.Input((4,)),
                          keras.layers.Dense(6, activation=functools.partial(gated, GATES)),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(20):
    if step == 7:
        GATES[1] = 2.0
        GATES[4] = 0.0
    if step == 13:
        GATES[:] = [0.25] * 6
    i = (step * 8) % 56
    print(step, repr(float(train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8])))))
