"""Sequence fine-tuning with Keras' CTC loss (keras.losses.CTC -> tf.nn.ctc_loss with
dense labels, TF's custom-gradient forward-backward recursion): a per-frame Dense
softmax-free classifier over 12 frames, labels of length 4 padded with the mask index
0.  At step 12 the frame model's activation changes; at step 20 the labels of the
batch are shortened (more padding).  Probes: CTC loss and its custom gradient under a
converted step, bit for bit."""
import random

import numpy

random.seed(67)
numpy.random.seed(67)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6701)
rng = np.random.default_rng(6701)
XS = rng.normal(size=(64, 12, 5)).astype(np.float32)
YS = rng.integers(1, 6, size=(64, 4)).astype(np.int32)
model = keras.Sequential([keras.Input((12, 5)), keras.layers.Dense(10, activation="tanh"),
                          keras.layers.Dense(6)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
ctc = keras.losses.CTC()
SHORT = False


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x)
        loss = ctc(y, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 12:
        model.layers[0].activation = keras.activations.relu
    if step == 20:
        SHORT = True
    i = (step * 8) % 56
    y = YS[i:i + 8].copy()
    if SHORT:
        y[:, 3] = 0
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(y))
    print(step, repr(float(loss)), repr(float(model.layers[1].bias.numpy()[0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "b0": [repr(float(v)) for v in model.layers[0].bias.numpy().ravel()],
    "b1": [repr(float(v)) for v in model.layers[1].bias.numpy().ravel()],
}))
