"""Fine-tuning flips a Keras variable's `overwrite_with_gradient` flag mid-run.

Keras 3 optimizers check every trainable variable's `overwrite_with_gradient`
attribute in `apply()`: a variable with the flag set is assigned its gradient
directly (the float8 "scale" mechanism) and taken out of the ordinary update.  The
program turns the flag on for the output layer's bias at step 12 (repurposing it as
a running statistic) and off again at step 24, and sets it on the hidden kernel from
step 18 to 21.  The flag lives in the variable object (not the layer or optimizer
dict), and Keras reads it inside `apply_gradients`; a graph built with the flag's
old value would keep updating the bias by SGD (or keep overwriting it), and the
bias, kernel and losses would differ from eager's.
Probes: per-variable optimizer configuration changed on library variable objects."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(8808)
rng = np.random.default_rng(8808)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 2)) + 0.3).astype(np.float32)
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(2)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 12:
        MODEL.layers[1].bias.overwrite_with_gradient = True
    if step == 18:
        MODEL.layers[0].kernel.overwrite_with_gradient = True
    if step == 22:
        MODEL.layers[0].kernel.overwrite_with_gradient = False
    if step == 26:
        MODEL.layers[1].bias.overwrite_with_gradient = False
    i = (step * 12) % 84
    loss = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)), [repr(float(v)) for v in MODEL.layers[1].bias.numpy()])

print(json.dumps({
    "bias1": [repr(float(v)) for v in MODEL.layers[1].bias.numpy()],
    "kernel0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:10]],
    "kernel1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
    "flags": [bool(v.overwrite_with_gradient) for v in MODEL.trainable_variables],
    "iterations": int(OPT.iterations.numpy()),
}))
