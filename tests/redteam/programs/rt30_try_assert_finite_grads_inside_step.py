"""A step that guards its own update: after computing gradients it records the
gradient norm in a history list, then inside try/except runs
tf.debugging.assert_all_finite on each gradient; on tf.errors.InvalidArgumentError it
increments a Python counter, stores the first line of the error message, and returns
without updating.  Batches 10, 17, 24 carry an inf target.  At step 20 the program
clears the history list.  Probes: an op failure caught inside the converted step
itself, and the Python state written before it."""
import random

import numpy

random.seed(52)
numpy.random.seed(52)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5201)
rng = np.random.default_rng(5201)
XS = rng.normal(size=(30, 8, 4)).astype(np.float32)
YS = rng.normal(size=(30, 8, 1)).astype(np.float32)
for b in (10, 17, 24):
    YS[b, 2, 0] = np.inf
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
state = {"bad": 0, "msg": None, "norms": []}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    state["norms"].append(float(tf.linalg.global_norm(grads)))
    try:
        for g in grads:
            tf.debugging.assert_all_finite(g, "non-finite gradient")
    except tf.errors.InvalidArgumentError as e:
        state["bad"] += 1
        state["msg"] = e.message.splitlines()[0][:60]
        return loss, False
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss, True


for step in range(30):
    if step == 20:
        state["norms"].clear()
    loss, ok = train_step(tf.constant(XS[step]), tf.constant(YS[step]))
    print(step, repr(float(loss)), ok, state["bad"], repr(state["norms"][-1]), state["msg"])

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "bad": state["bad"], "n": len(state["norms"]), "iters": int(OPT.iterations),
}))
