"""Co-executed regression fine-tune (a hashlib digest of the batch keeps the step in
the interpreter).  The loop edits the optimizer's clipping after the Adam site is
built: clipnorm=0.05 at step 9, clipnorm back to None and clipvalue=0.01 at step 15,
clipvalue None and global_clipnorm=0.02 at step 21, and global_clipnorm None at 26.
Probes: clipping options read by Keras inside the optimizer site."""
import random

import numpy

random.seed(33)
numpy.random.seed(33)

import hashlib
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3301)
rng = np.random.default_rng(3301)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (3.0 * XS[:, :1] - XS[:, 1:2] ** 2).astype(np.float32)

model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
huber = keras.losses.Huber(delta=0.5)
opt = keras.optimizers.Adam(learning_rate=0.05)
digests = []


def train_step(x, y):
    digests.append(hashlib.sha1(x.tobytes()).hexdigest()[:6])
    with tf.GradientTape() as tape:
        loss = huber(y, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 9:
        opt.clipnorm = 0.05
    if step == 15:
        opt.clipnorm = None
        opt.clipvalue = 0.01
    if step == 21:
        opt.clipvalue = None
        opt.global_clipnorm = 0.02
    if step == 26:
        opt.global_clipnorm = None
    i = (step * 8) % 56
    loss = train_step(XS[i:i + 8], YS[i:i + 8])
    print(step, repr(float(loss)), repr(float(model.trainable_variables[0][0, 0])))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "digests": digests,
}))
