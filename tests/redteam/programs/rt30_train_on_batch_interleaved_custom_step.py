"""model.compile(optimizer=OPT, loss='mse') and a hand-written tape step that uses the
same optimizer object (model.optimizer) are interleaved: odd steps call
model.train_on_batch(x, y), even steps the custom step, which also reads
model.optimizer.iterations into a Python int for a loss weight.  At step 14 the model
is compiled again with a new SGD (momentum 0.9), which the custom step then picks up
through model.optimizer.  Probes: Keras' own compiled train function and a converted
step sharing optimizer state, and a recompile that swaps the optimizer."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4401)
rng = np.random.default_rng(4401)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :2] @ np.array([[0.5], [-1.0]])).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1)])
model.compile(optimizer=keras.optimizers.SGD(learning_rate=0.05), loss="mse")
its = []


def custom_step(x, y):
    opt = model.optimizer
    it = int(opt.iterations)
    its.append(it)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y)) * (1.0 + 0.01 * it)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(60):
    if step == 28:
        model.compile(optimizer=keras.optimizers.SGD(learning_rate=0.02, momentum=0.9),
                      loss="mse")
    i = (step * 8) % 56
    x, y = XS[i:i + 8], YS[i:i + 8]
    if step % 2:
        loss = model.train_on_batch(x, y)
        kind = "tob"
    else:
        loss = custom_step(tf.constant(x), tf.constant(y))
        kind = "custom"
    print(step, kind, repr(float(loss)), int(model.optimizer.iterations))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in model.layers[1].kernel.numpy().ravel()],
    "its": its,
    "opt": [repr(float(np.asarray(v).ravel()[0])) for v in model.optimizer.variables],
}))
