"""Probe: a Conv2D layer's geometry (padding, strides, dilation_rate) edited mid-run,
including in-place edits of a list the layer holds.

Keras 3's Conv.convolution_op reads `self.padding`, `list(self.strides)` and
`self.dilation_rate` at every call, and a GlobalAveragePooling2D after the conv makes
every geometry valid for the Dense head, so training continues with other features.
Step 8: `conv.padding = "same"`. Step 13: `conv.strides = [2, 2]` (a list instead of the
tuple Keras made). Steps 18 and 21: `conv.strides[0] = 1`, `conv.strides[1] = 1` (in place: the
list keeps its identity). Step 23: `conv.dilation_rate = [2, 2]`, and step 27: `conv.dilation_rate[1] =
1` (in place). Data: sklearn digits (8x8). Eager uses the current values at every
call; a graph keyed on the identity of the list, or on the layer dict only, keeps the
old geometry after the in-place edits. Mechanism: layer hyperparameters held as mutable
lists inside a library object."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

keras.utils.set_random_seed(1541)
digits = load_digits()
XS = (digits.images[:256] / 16.0).astype(np.float32)[..., None]
YS = digits.target[:256].astype(np.int32)

conv = keras.layers.Conv2D(6, 3, activation="relu")
model = keras.Sequential([keras.Input((8, 8, 1)), conv, keras.layers.GlobalAveragePooling2D(),
                          keras.layers.Dense(10)])
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
opt = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        feats = conv(x)
        logits = model.layers[2](model.layers[1](feats))
        loss = loss_fn(y, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, tuple(feats.shape[1:3])


for step in range(32):
    if step == 8:
        conv.padding = "same"
    if step == 13:
        conv.strides = [2, 2]
    if step == 18:
        conv.strides[0] = 1
    if step == 21:
        conv.strides[1] = 1
    if step == 23:
        conv.dilation_rate = [2, 2]
    if step == 27:
        conv.dilation_rate[1] = 1
    i = (step * 16) % 240
    loss, fshape = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), fshape)

print(json.dumps({"kernel": [round(float(v), 6) for v in conv.kernel.numpy().ravel()[:8]],
                  "iterations": int(opt.iterations.numpy())}))
