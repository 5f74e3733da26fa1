"""A binary classifier trained with `keras.losses.BinaryCrossentropy(from_logits=True)`.
Keras' LossFunctionWrapper calls its function with the keyword dict `_fn_kwargs` it
holds; the object's `label_smoothing` attribute is only a copy for get_config.  Between
calls the loop sets the attribute alone (step 6: no effect in eager), edits the dict in
place (step 11: `_fn_kwargs["label_smoothing"] = 0.2`), removes the key (step 17: the
function's default 0.0 applies), puts it back with update() (step 22) and finally
replaces the whole dict (step 27).
Probes: a dict a Keras loss holds, read by library code while the step runs, changed in
place (item write, pop, update) and replaced between converted calls; an attribute
change that eager ignores."""
import random

import numpy

random.seed(5515)
numpy.random.seed(5515)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5515)
rng = np.random.default_rng(5515)
XS = rng.normal(size=(128, 6)).astype(np.float32)
YS = ((XS[:, :1] + XS[:, 1:2] * XS[:, 2:3]) > 0).astype(np.float32)

MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(10, activation="relu"),
                          keras.layers.Dense(1)])
LOSS = keras.losses.BinaryCrossentropy(from_logits=True)
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(y, MODEL(x, training=True))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 6:
        LOSS.label_smoothing = 0.4
    if step == 11:
        LOSS._fn_kwargs["label_smoothing"] = 0.2
    if step == 17:
        LOSS._fn_kwargs.pop("label_smoothing")
    if step == 22:
        LOSS._fn_kwargs.update(label_smoothing=0.1)
    if step == 27:
        LOSS._fn_kwargs = {"from_logits": True, "label_smoothing": 0.3, "axis": -1}
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), LOSS._fn_kwargs)

print(json.dumps({"w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()],
                  "kw": LOSS._fn_kwargs}))
