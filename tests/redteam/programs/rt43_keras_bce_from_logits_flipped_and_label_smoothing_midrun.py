"""Loss-object reconfiguration mid-run: the step uses a Keras BinaryCrossentropy object
built with `from_logits=False` on sigmoid outputs; at step 11 the program switches the
model to emit logits and flips the loss object (`LOSS.from_logits = True`), and at step
19 it sets label smoothing through the wrapper's kwargs dict in place
(`LOSS._fn_kwargs["label_smoothing"] = 0.1`), as a hyper-parameter sweep script might.
Keras reads these while janus builds; janus watches the dicts of library objects and
the dicts they hold.  Probes: a Keras loss object's attribute and its held kwargs dict
edited in place between calls."""
import random

import numpy

random.seed(4354)
numpy.random.seed(4354)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4354)
rng = np.random.default_rng(4354)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) > 0).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.1)
LOSS = keras.losses.BinaryCrossentropy(from_logits=False)
EMIT_LOGITS = False


def train_step(x, y):
    with tf.GradientTape() as tape:
        z = x @ W
        out = z if EMIT_LOGITS else tf.sigmoid(z)
        loss = LOSS(y, out)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss


for step in range(30):
    if step == 11:
        EMIT_LOGITS = True
        LOSS.from_logits = True
        LOSS._fn_kwargs["from_logits"] = True
    if step == 19:
        LOSS._fn_kwargs["label_smoothing"] = 0.1
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "kw": sorted(LOSS._fn_kwargs)}))
