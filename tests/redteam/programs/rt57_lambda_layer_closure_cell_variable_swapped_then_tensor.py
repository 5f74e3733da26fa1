"""A Sequential regressor with a `keras.layers.Lambda` whose function is a closure over
a non-trainable offset tf.Variable made by a factory.  Mid-run the closure's cell is
rebound through `cell_contents` (no dict is written; Keras holds the same function
object throughout): at step 9 to a second variable `OFF_B` (another value), at step 15
the loop assigns a new value into `OFF_B`, at step 21 the first variable (no longer
used) is assigned, at step 27 the cell gets a constant tensor instead of a variable.
Probes: a closure cell, read by a program function that Keras calls back while the
step is built, rebound to another TF variable / a tensor via `cell_contents`."""
import random

import numpy

random.seed(5713)
numpy.random.seed(5713)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5713)
rng = np.random.default_rng(5713)
XS = rng.normal(size=(160, 6)).astype(np.float32)
YS = (np.cos(XS[:, :2]).sum(axis=1, keepdims=True) - 1.0).astype(np.float32)


def make_offset_fn():
    offset = tf.Variable([0.1, -0.1, 0.2, 0.0], trainable=False, name="off_a")

    def shift(x):
        return x + offset
    return shift, offset


SHIFT, OFF_A = make_offset_fn()
OFF_B = tf.Variable([1.0, 0.5, -0.5, -1.0], trainable=False, name="off_b")
CELL = SHIFT.__closure__[SHIFT.__code__.co_freevars.index("offset")]

MODEL = keras.Sequential([
    keras.Input((6,)),
    keras.layers.Dense(4, activation="tanh"),
    keras.layers.Lambda(SHIFT),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(33):
    if step == 9:
        CELL.cell_contents = OFF_B
    if step == 15:
        OFF_B.assign([0.0, 0.0, 2.0, 0.0])
    if step == 21:
        OFF_A.assign([5.0, 5.0, 5.0, 5.0])
    if step == 27:
        CELL.cell_contents = tf.constant([-0.3, 0.3, -0.3, 0.3])
    i = (step * 8) % 152
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), getattr(CELL.cell_contents, "name", "const"),
          repr(float(MODEL.layers[-1].kernel.numpy()[0, 0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k2": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
}))
