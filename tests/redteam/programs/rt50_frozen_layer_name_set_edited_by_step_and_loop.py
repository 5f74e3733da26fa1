"""Layer-wise freezing driven by a Python set of layer names: the step builds its
variable list as `[v for layer in MODEL.layers if layer.name not in FROZEN for v in
layer.trainable_variables]`, takes gradients for those only and applies them with an
Adam optimizer built up front for all variables.  The step itself adds a body layer's
name to FROZEN when that layer's gradient norm (a Python float) falls below a
threshold; the loop discards "body1" from FROZEN at step 18 (unfreezing it) and at step
27 clears the set and freezes "head" instead (the step skips the update when nothing is
left to train).
Probes: a Python set read (membership) and written by a hot step, also changed between
calls; the variable list it selects changing per call, the set's contents and order,
the weights and the Adam slots."""
import random

import numpy

random.seed(76)
numpy.random.seed(76)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7627)
rng = np.random.default_rng(7627)
XS = rng.normal(size=(200, 4)).astype(np.float32)
YS = (np.tanh(XS[:, :1] * 1.5) - 0.5 * XS[:, 3:4]).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((4,)),
    keras.layers.Dense(6, activation="tanh", name="body1"),
    keras.layers.Dense(6, activation="tanh", name="body2"),
    keras.layers.Dense(1, name="head"),
])
OPT = keras.optimizers.Adam(learning_rate=0.01)
OPT.build(MODEL.trainable_variables)
FROZEN = set()
THRESH = 0.5
EVENTS = []


def train_step(x, y):
    tvars = [v for layer in MODEL.layers if layer.name not in FROZEN for v in layer.trainable_variables]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    if not tvars:
        EVENTS.append(("all-frozen", len(EVENTS)))
        return loss, 0
    grads = tape.gradient(loss, tvars)
    OPT.apply_gradients(zip(grads, tvars))
    for layer in MODEL.layers:
        if layer.name in FROZEN or layer.name == "head":
            continue
        g = [gr for gr, v in zip(grads, tvars) if any(v is w for w in layer.trainable_variables)]
        norm = float(tf.linalg.global_norm(g))
        if norm < THRESH:
            FROZEN.add(layer.name)
            EVENTS.append(("freeze", layer.name))
    return loss, len(tvars)


for step in range(40):
    if step == 18:
        FROZEN.discard("body1")
        EVENTS.append(("loop-unfreeze", "body1"))
    if step == 27:
        FROZEN.clear()
        FROZEN.add("head")
        EVENTS.append(("loop-clear-freeze", "head"))
    i = (step * 5) % 195
    loss, n = train_step(tf.constant(XS[i:i + 5]), tf.constant(YS[i:i + 5]))
    print(step, repr(float(loss)), n, sorted(FROZEN))

print(json.dumps({
    "frozen": list(FROZEN), "events": EVENTS,
    "iterations": int(OPT.iterations.numpy()),
    "w": [repr(float(v)) for v in MODEL.get_layer("body1").kernel.numpy().ravel()[:6]],
    "head": [repr(float(v)) for v in MODEL.get_layer("head").kernel.numpy().ravel()],
}))
