"""keras.losses.BinaryFocalCrossentropy keeps two copies of its settings: attributes
(`loss.gamma`, `loss.alpha`, ... used only by get_config) and the kwargs dict
`loss._fn_kwargs` that `LossFunctionWrapper.call` actually passes to the loss
function.  Mid-run the loop edits the attribute only (step 7: `FOCAL.gamma = 5.0`,
which eager ignores), then the dict in place (step 13: `_fn_kwargs["gamma"] = 1.0`;
step 19: `_fn_kwargs["apply_class_balancing"] = True`), then the reduction attribute
(step 25: "sum").  A graph must follow the dict's items, and must not be confused by
the attribute that changes nothing."""
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

keras.utils.set_random_seed(3611)
rng = np.random.default_rng(3611)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = (XS[:, :3] + 0.3 * rng.normal(size=(64, 3)) > 0.4).astype(np.float32)
MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(3, activation="sigmoid")])
FOCAL = keras.losses.BinaryFocalCrossentropy(alpha=0.3, gamma=2.0)
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = FOCAL(y, MODEL(x, training=True))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 7:
        FOCAL.gamma = 5.0
    if step == 13:
        FOCAL._fn_kwargs["gamma"] = 1.0
    if step == 19:
        FOCAL._fn_kwargs["apply_class_balancing"] = True
    if step == 25:
        FOCAL.reduction = "sum"
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), FOCAL.gamma, FOCAL._fn_kwargs["gamma"], FOCAL.reduction)

print(json.dumps({
    "k0": [float(v).hex() for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [float(v).hex() for v in MODEL.layers[1].kernel.numpy().ravel()[:6]],
    "kw": sorted(FOCAL._fn_kwargs.items()),
}))
