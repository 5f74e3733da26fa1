"""A classifier fine-tuned with its loss object reconfigured and then replaced: the step
calls the global LOSS object (CategoricalCrossentropy(from_logits=True)); at step 9 the
program sets LOSS.label_smoothing = 0.2, at step 15 it rebinds LOSS to a
CategoricalFocalCrossentropy(from_logits=True, gamma=2.0), and at step 22 it edits that
object's reduction to "sum".  Probes: a Keras loss object's settings changed and the
object replaced between converted steps."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4424)
rng = np.random.default_rng(4424)
XS = rng.normal(size=(128, 5)).astype(np.float32)
CLS = np.argmax(XS[:, :3], axis=1)
YS = np.eye(3, dtype=np.float32)[CLS]
W = tf.Variable(rng.normal(size=(5, 3)).astype(np.float32) * 0.1)
OPT = keras.optimizers.Adam(learning_rate=0.05)
LOSS = keras.losses.CategoricalCrossentropy(from_logits=True)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(y, x @ W)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss


for step in range(30):
    if step == 9:
        LOSS.label_smoothing = 0.2
    if step == 15:
        LOSS = keras.losses.CategoricalFocalCrossentropy(from_logits=True, gamma=2.0)
    if step == 22:
        LOSS.reduction = "sum"
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), type(LOSS).__name__, repr(float(W.numpy()[0, 0])))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
