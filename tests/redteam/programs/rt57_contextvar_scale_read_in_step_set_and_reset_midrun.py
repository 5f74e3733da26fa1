"""A functional regressor whose step reads two settings from `contextvars.ContextVar`s
(`LOSS_SCALE.get()` and `NOISE.get(0.0)` with a default), as configuration libraries
keep them.  A context variable's value lives in the thread's context (a HAMT), which
no dict write reaches.  Mid-run: at step 8 `LOSS_SCALE.set(0.5)` (a token kept), at step
14 `NOISE.set(0.1)` (NOISE had no value: its default was in use), at step 20
`LOSS_SCALE.reset(token)` (back to 1.0), and from step 26 on each step runs inside
`contextvars.copy_context().run(...)` after setting `LOSS_SCALE` to 2.0 only inside
that copied context (the loop's own context keeps 1.0).
Probes: state read by the step through C methods of ContextVar objects, changed by
`set`/`reset` and by running the step in another context."""
import random

import numpy

random.seed(5735)
numpy.random.seed(5735)

import contextvars
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5735)
rng = np.random.default_rng(5735)
XS = rng.normal(size=(180, 6)).astype(np.float32)
YS = (np.sin(XS[:, :3].sum(axis=1, keepdims=True))).astype(np.float32)

LOSS_SCALE = contextvars.ContextVar("loss_scale", default=1.0)
NOISE = contextvars.ContextVar("noise")

inp = keras.Input((6,))
h = keras.layers.Dense(10, activation="tanh")(inp)
out = keras.layers.Dense(1)(h)
MODEL = keras.Model(inp, out)
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    scale = LOSS_SCALE.get()
    noise = NOISE.get(0.0)
    with tf.GradientTape() as tape:
        pred = MODEL(x + noise, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
        scaled = loss * scale
    grads = tape.gradient(scaled, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, scale, noise


def in_copied_context(x, y):
    LOSS_SCALE.set(2.0)
    return train_step(x, y)


TOKEN = None
for step in range(32):
    if step == 8:
        TOKEN = LOSS_SCALE.set(0.5)
    if step == 14:
        NOISE.set(0.1)
    if step == 20:
        LOSS_SCALE.reset(TOKEN)
    i = (step * 10) % 170
    x, y = tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10])
    if step >= 26:
        loss, scale, noise = contextvars.copy_context().run(in_copied_context, x, y)
    else:
        loss, scale, noise = train_step(x, y)
    print(step, repr(float(loss)), repr(scale), repr(noise), repr(LOSS_SCALE.get()),
          repr(float(MODEL.layers[1].kernel.numpy()[0, 0])))

print(json.dumps({
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:10]],
    "k2": [repr(float(v)) for v in MODEL.layers[2].kernel.numpy().ravel()],
}))
