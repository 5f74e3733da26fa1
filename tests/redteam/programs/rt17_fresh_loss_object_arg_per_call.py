"""The loop constructs a new keras.losses.Huber(delta=...) object for every call and
passes it to the step as an argument (a robust-loss schedule written as "make the
loss for this step"); delta shrinks at steps 10 and 20, and from step 25 every
other call passes a LogCosh instead.

Each call's loss object is a fresh library object that dies after the call; its
configuration (delta, the class) is read by Keras while computing the loss.  Eager
uses each object's own delta.  A graph keyed on something weaker than the object
itself (its class, or the dict watch of the first object) would reuse the first
delta, or compute Huber where the call passed LogCosh.  Losses and weights differ.
Probes: per-call fresh library configuration objects passed as step arguments."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2222)
rng = np.random.default_rng(2222)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)) * 2.0).astype(np.float32)
YS[::7] += 4.0
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y, loss_fn):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = loss_fn(y, pred)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    delta = 2.0 if step < 10 else (0.5 if step < 20 else 0.1)
    if step >= 25 and step % 2 == 1:
        loss_fn = keras.losses.LogCosh()
    else:
        loss_fn = keras.losses.Huber(delta=delta)
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), loss_fn)
    print(step, repr(float(loss)), type(loss_fn).__name__, delta)
    del loss_fn

print(json.dumps({
    "kernel": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
    "bias": [repr(float(v)) for v in MODEL.layers[1].bias.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))
