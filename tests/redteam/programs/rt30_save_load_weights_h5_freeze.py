"""Fine-tuning idiom: model.save_weights('./best.weights.h5') whenever the loss
improves on the best so far (a Python float), and at steps 14 and 23 the program
reloads the best weights (model.load_weights).  At step 10 the first Dense is frozen
(layer.trainable = False) and at step 20 unfrozen; the step differentiates with
respect to model.trainable_variables.  Probes: weight files written/read between
converted steps, and freezing that changes the trainable list the step reads."""
import random

import numpy

random.seed(32)
numpy.random.seed(32)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3201)
rng = np.random.default_rng(3201)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (np.tanh(XS @ rng.normal(size=(4, 1))) ).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.1, momentum=0.5)
best = {"loss": float("inf"), "saves": 0, "loads": 0}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    tv = model.trainable_variables
    grads = tape.gradient(loss, tv)
    OPT.apply_gradients(zip(grads, tv))
    return loss, len(tv)


for step in range(30):
    if step == 10:
        model.layers[0].trainable = False
    if step == 20:
        model.layers[0].trainable = True
    if step in (14, 23):
        model.load_weights("./best.weights.h5")
        best["loads"] += 1
    i = (step * 8) % 56
    loss, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    lf = float(loss)
    if lf < best["loss"]:
        best["loss"] = lf
        model.save_weights("./best.weights.h5")
        best["saves"] += 1
    print(step, repr(lf), n, repr(float(model.layers[0].kernel.numpy()[0, 0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "k2": [repr(float(v)) for v in model.layers[2].kernel.numpy().ravel()],
    "best": {k: repr(v) for k, v in best.items()},
    "opt": [repr(float(np.asarray(v).ravel()[0])) for v in OPT.variables],
}))
