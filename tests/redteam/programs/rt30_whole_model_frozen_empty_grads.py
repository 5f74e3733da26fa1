"""Transfer-learning schedule where the whole model is frozen for a while:
model.trainable = False at step 10 (trainable_variables becomes empty, the step's
tape.gradient of an empty list returns [], and the step skips apply_gradients when the list is empty), back to
True at step 18, then only the backbone frozen from step 24.  The step returns the
number of trainable tensors and prints OPT.iterations (whether an empty apply counts
an iteration).  Probes: empty gradient lists and optimizer applies with nothing under
a converted step, as the frozen set changes."""
import random

import numpy

random.seed(69)
numpy.random.seed(69)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6901)
rng = np.random.default_rng(6901)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] - 0.5 * XS[:, 2:3]).astype(np.float32)
backbone = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu")])
model = keras.Sequential([keras.Input((5,)), backbone, keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
OPT.build(model.trainable_variables)


def train_step(x, y):
    tv = model.trainable_variables
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, tv)
    if tv:
        OPT.apply_gradients(zip(grads, tv))
    return loss, len(tv)


for step in range(30):
    if step == 10:
        model.trainable = False
    if step == 18:
        model.trainable = True
    if step == 24:
        backbone.trainable = False
    i = (step * 8) % 56
    loss, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), n, int(OPT.iterations))

print(json.dumps({
    "k0": [repr(float(v)) for v in backbone.layers[0].kernel.numpy().ravel()[:8]],
    "head": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()],
    "iters": int(OPT.iterations),
    "m": [repr(float(np.asarray(v).ravel()[0])) for v in OPT.variables[:5]],
}))
