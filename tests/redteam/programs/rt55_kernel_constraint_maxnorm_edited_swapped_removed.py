"""A Dense layer built with `kernel_constraint=MaxNorm(1.5)`; Keras' optimizer applies
`variable.constraint` to each variable after its update
(`variable.assign(variable.constraint(variable))`).  Between calls the loop lowers the
constraint object's `max_value` (step 7: an attribute of an object the Keras variable
holds), changes its `axis` (step 12), swaps in a program-defined constraint class whose
`__call__` reads a global bound (step 17), changes that global (step 22), and removes
the constraint with `kernel.constraint = None` (step 27).
Probes: library state two objects deep (Keras variable -> constraint object) changed
between converted calls; a program constraint object called back by Keras' optimizer,
its global read at every call."""
import random

import numpy

random.seed(5517)
numpy.random.seed(5517)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5517)
rng = np.random.default_rng(5517)
XS = rng.normal(size=(128, 4)).astype(np.float32) * 2.0
YS = (XS @ np.array([[2.0], [-1.5], [1.0], [0.5]], np.float32)).astype(np.float32)

CON = keras.constraints.MaxNorm(max_value=1.5, axis=0)
BOUND = 0.8


class ClipAbs(keras.constraints.Constraint):
    def __call__(self, w):
        return tf.clip_by_value(w, -BOUND, BOUND)


DENSE = keras.layers.Dense(3, kernel_constraint=CON)
MODEL = keras.Sequential([keras.Input((4,)), DENSE, keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 7:
        CON.max_value = 0.6
    if step == 12:
        CON.axis = 1
    if step == 17:
        DENSE.kernel.constraint = ClipAbs()
    if step == 22:
        BOUND = 0.3
    if step == 27:
        DENSE.kernel.constraint = None
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    k = DENSE.kernel.numpy()
    print(step, repr(float(loss)), repr(float(np.abs(k).max())),
          repr(float(np.sqrt((k ** 2).sum(axis=0)).max())))

print(json.dumps({"k": [repr(float(t)) for t in DENSE.kernel.numpy().ravel()]}))
