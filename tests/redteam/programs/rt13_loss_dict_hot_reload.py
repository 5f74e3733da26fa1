"""A Keras Huber loss hot-reloaded in place by replacing its instance __dict__.

Hot-reload utilities update an object "in place" so that every holder sees the new
settings: `obj.__dict__ = vars(fresh_obj)` (what `__setstate__`-style restores do).
The step calls LOSS (a keras.losses.Huber) each time.  At step 10 the config watcher
reloads it: `LOSS.__dict__ = vars(keras.losses.Huber(delta=0.2))`, at step 20 again
with delta=3.0.  The object, its class and every global stay the same; the dict that
held `_fn_kwargs` is not written at all -- the object gets a different dict.  Eager's
LossFunctionWrapper.call reads `self._fn_kwargs` from the new dict at every call.  A
graph whose staleness comes from watchers registered on the dicts it saw while building
(the old dict, which nobody writes any more) would keep delta = 1.0.  Probes: library
objects whose whole __dict__ is replaced (no write to a watched dict), Keras loss state.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1333)
rng = np.random.default_rng(1333)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
YS[::5] += 4.0

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.05)
LOSS = keras.losses.Huber(delta=1.0)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 10:
        LOSS.__dict__ = vars(keras.losses.Huber(delta=0.2))
    if step == 20:
        LOSS.__dict__ = vars(keras.losses.Huber(delta=3.0))
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), LOSS._fn_kwargs["delta"])

print(json.dumps({
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()],
    "bias": repr(float(model.layers[-1].bias.numpy()[0])),
}))
