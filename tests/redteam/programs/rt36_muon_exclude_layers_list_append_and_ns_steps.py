"""keras.optimizers.Muon decides per variable, in Python, which weight decay applies:
`_should_use_adamw` runs `re.search(keyword, variable.path)` for each keyword in the
optimizer's plain list `exclude_layers`, and `_apply_weight_decay` then takes
`adam_weight_decay` or `weight_decay`.  The Newton-Schulz loop runs `ns_steps` Python
iterations.  Mid-run the loop appends a regex to `opt.exclude_layers` in place (step 9:
the hidden layer's kernel now decays with adam_weight_decay; its update rule, chosen
by which slots exist, stays Muon), sets `opt.ns_steps = 3` (step 16) and
`opt.nesterov = False` (step 23)."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(36)
numpy.random.seed(36)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3607)
rng = np.random.default_rng(3607)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = np.tanh(XS[:, :2] * 1.5).astype(np.float32)
MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="tanh", name="hid"),
                          keras.layers.Dense(2, name="out")])
OPT = keras.optimizers.Muon(learning_rate=0.02, weight_decay=0.05, adam_weight_decay=0.3,
                            exclude_layers=["out"])


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 9:
        OPT.exclude_layers.append("h.d/ker")
    if step == 16:
        OPT.ns_steps = 3
    if step == 23:
        OPT.nesterov = False
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    k = MODEL.layers[0].kernel.numpy()
    print(step, float(loss).hex(), float(k.sum()).hex(), len(OPT.exclude_layers), OPT.ns_steps, OPT.nesterov)

print(json.dumps({
    "hid": [float(v).hex() for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "out": [float(v).hex() for v in MODEL.layers[1].kernel.numpy().ravel()[:6]],
    "excl": list(OPT.exclude_layers),
    "iters": int(OPT.iterations),
}))
