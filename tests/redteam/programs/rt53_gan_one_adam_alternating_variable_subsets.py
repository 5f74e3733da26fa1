"""A tiny 1-D GAN where one Adam instance, built over the generator's and the
discriminator's variables together, updates them alternately: the step takes a phase
string ("d" twice, then "g") and calls `OPT.apply(grads, subset)` with the
discriminator's or the generator's variables, so the shared `iterations` counter (and
Adam's bias correction) advances on every call while each subset's slots move only on
its own phase.  At step 21 the loop switches the schedule to "d","g" and sets
`OPT.beta_2` (a plain attribute).  Probes: Keras 3 `optimizer.apply` on alternating
variable subsets of one optimizer (slot lookup by variable, the shared iteration count
read in the update), a str argument choosing the branch, and an optimizer attribute
changed between converted calls."""
import random

import numpy

random.seed(546)
numpy.random.seed(546)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(546)
rng = np.random.default_rng(546)

GEN = keras.Sequential([keras.Input((2,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
DIS = keras.Sequential([keras.Input((1,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01, beta_1=0.5)
OPT.build(GEN.trainable_variables + DIS.trainable_variables)
BCE = keras.losses.BinaryCrossentropy(from_logits=True)


def train_step(z, real, phase):
    if phase == "d":
        with tf.GradientTape() as tape:
            fake = GEN(z)
            lr_, lf = DIS(real), DIS(fake)
            loss = BCE(tf.ones_like(lr_), lr_) + BCE(tf.zeros_like(lf), lf)
        grads = tape.gradient(loss, DIS.trainable_variables)
        OPT.apply(grads, DIS.trainable_variables)
    else:
        with tf.GradientTape() as tape:
            lf = DIS(GEN(z))
            loss = BCE(tf.ones_like(lf), lf)
        grads = tape.gradient(loss, GEN.trainable_variables)
        OPT.apply(grads, GEN.trainable_variables)
    return loss


for step in range(36):
    if step == 21:
        OPT.beta_2 = 0.9
    phase = ("d", "d", "g")[step % 3] if step < 21 else ("d", "g")[step % 2]
    z = tf.constant(rng.normal(size=(16, 2)).astype(np.float32))
    real = tf.constant((rng.normal(size=(16, 1)) * 0.5 + 2.0).astype(np.float32))
    loss = train_step(z, real, phase)
    print(step, phase, repr(float(loss)), int(OPT.iterations.numpy()),
          repr(float(GEN.layers[-1].kernel.numpy()[0, 0])), repr(float(DIS.layers[-1].kernel.numpy()[0, 0])))

print(json.dumps({"gen": [repr(float(v)) for v in GEN.layers[0].kernel.numpy().ravel()[:6]],
                  "dis": [repr(float(v)) for v in DIS.layers[0].kernel.numpy().ravel()[:6]],
                  "m0": [repr(float(v)) for v in [w for w in OPT.variables if len(w.shape) == 2][0].numpy().ravel()[:4]],
                  "iters": int(OPT.iterations.numpy())}))
