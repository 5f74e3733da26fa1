"""Semi-supervised step with BatchNormalization: the co-executed step (zlib.crc32 of
the unlabeled batch picks its augmentation shift) calls the model with
training=True on the labeled batch and with training=False on the unlabeled one
(pseudo-labels from the moving statistics), from two sites, plus a loss site and
an optimizer site.  The loop edits the BN layer mid-run: momentum 0.5 at step 10,
bn.trainable = False at step 16 (Keras then runs BN in inference mode even with
training=True), epsilon 0.1 at step 22.  Probes: layer config and trainable edits
read by model sites, moving statistics written by one site and read by another."""
import random

import numpy

random.seed(71)
numpy.random.seed(71)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7101)
rng = np.random.default_rng(7101)
XL = rng.normal(size=(64, 5)).astype(np.float32) * 2 + 1
YL = np.argmax(XL[:, :3], axis=1).astype(np.int32)
XU = rng.normal(size=(64, 5)).astype(np.float32) * 2 + 1

bn = keras.layers.BatchNormalization(momentum=0.9)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8), bn,
                          keras.layers.Activation("relu"), keras.layers.Dense(3)])
xent = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
opt = keras.optimizers.Adam(0.02)
crcs = []


def train_step(xl, yl, xu):
    shift = zlib.crc32(xu.tobytes()) % 3
    crcs.append(shift)
    xu = np.roll(xu, shift, axis=0)
    pseudo = np.argmax(model(xu, training=False).numpy(), axis=1)
    with tf.GradientTape() as tape:
        logits = model(np.concatenate([xl, xu]), training=True)
        loss = xent(np.concatenate([yl, pseudo]), logits)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, pseudo


for step in range(30):
    if step == 10:
        bn.momentum = 0.5
    if step == 16:
        bn.trainable = False
    if step == 22:
        bn.epsilon = 0.1
    i = (step * 8) % 56
    loss, pseudo = train_step(XL[i:i + 8], YL[i:i + 8], XU[i:i + 8])
    print(step, repr(float(loss)), pseudo.tolist(), repr(float(bn.moving_mean[0])),
          repr(float(bn.moving_variance[0])))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "crcs": crcs[-3:],
}))
