"""Magnitude pruning done through a Keras constraint: the first Dense layer of a
functional MLP has `kernel_constraint=operator.methodcaller("__mul__", MASK)`, a C
callable holding a float32 ndarray of 0/1 that the optimizer applies after every
update.  The loop prunes by writing into MASK in place from the current weights
(step 8: the 30% smallest, step 16: the 60% smallest), lets the pruned weights
regrow by resetting a block of MASK to 1 (step 24), and gives the second Dense
layer a `bias_constraint` methodcaller over another mask via the variable's
`constraint` attribute (step 29).  The step is a plain tape + Adam step.
Probes: the optimizer's `variable.constraint(variable)` with a C callable
(methodcaller) that library code calls while janus builds the step; the ndarray it
holds is reachable only through the C object's arguments, not through any
`__dict__`."""
import random

import numpy

random.seed(6011)
numpy.random.seed(6011)

import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6011)
rng = np.random.default_rng(6011)
XS = rng.normal(size=(160, 8)).astype(np.float32)
YS = (XS[:, :3].sum(axis=1, keepdims=True) * 0.3 - XS[:, 5:6] * 0.5).astype(np.float32)

MASK = np.ones((8, 10), dtype=np.float32)
BIAS_MASK = np.array([1.0, 0.0, 1.0], dtype=np.float32)
inp = keras.Input((8,))
D1 = keras.layers.Dense(10, activation="relu", kernel_constraint=operator.methodcaller("__mul__", MASK))
D2 = keras.layers.Dense(3, activation="tanh")
out = keras.layers.Dense(1)(D2(D1(inp)))
MODEL = keras.Model(inp, out)
OPT = keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step in (8, 16):
        mags = np.abs(D1.kernel.numpy())
        cut = np.quantile(mags, 0.3 if step == 8 else 0.6)
        MASK[mags < cut] = 0.0
    if step == 24:
        MASK[:4, :5] = 1.0
    if step == 29:
        D2.bias.constraint = operator.methodcaller("__mul__", BIAS_MASK)
    i = (step * 8) % 152
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    kernel = D1.kernel.numpy()
    print(step, repr(float(loss)), int((kernel == 0.0).sum()), int(MASK.sum()),
          repr(float(kernel[0, 0])), [repr(float(v)) for v in D2.bias.numpy()])

print(json.dumps({
    "d1": [repr(float(v)) for v in D1.kernel.numpy().ravel()[:10]],
    "d2b": [repr(float(v)) for v in D2.bias.numpy()],
    "zeros": int((D1.kernel.numpy() == 0.0).sum()),
}))
