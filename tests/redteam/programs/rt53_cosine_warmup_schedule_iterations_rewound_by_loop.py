"""SGDR-style warm restarts done by hand: the optimizer's learning rate is a Keras
CosineDecay schedule with linear warmup (`warmup_target`, `warmup_steps`), and the loop
restarts it by assigning `OPT.iterations.assign(0)` at steps 11 and 23.  The step reads
`float(OPT.learning_rate)` before and after `apply_gradients` (the schedule evaluated at
the iteration count then) and returns both.  At step 17 the loop swaps in a new
CosineDecay with other fields through the optimizer's learning_rate property, and at
step 27 edits the new schedule's `alpha` attribute in place.  Probes: a schedule read
at call time from a variable the loop rewinds, the learning rate read twice in one
call around the update, and a schedule object replaced and edited between calls."""
import random

import numpy

random.seed(554)
numpy.random.seed(554)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(554)
rng = np.random.default_rng(554)
XS = rng.normal(size=(160, 5)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] * 0.5 + np.tanh(XS[:, 4:5])).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
SCHED = keras.optimizers.schedules.CosineDecay(0.0, decay_steps=10, alpha=0.1, warmup_target=0.1, warmup_steps=3)
OPT = keras.optimizers.SGD(learning_rate=SCHED, momentum=0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    lr_before = float(OPT.learning_rate)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    lr_after = float(OPT.learning_rate)
    return loss, lr_before, lr_after


for step in range(32):
    if step in (11, 23):
        OPT.iterations.assign(0)
    if step == 17:
        OPT.learning_rate = keras.optimizers.schedules.CosineDecay(0.02, decay_steps=6, alpha=0.5,
                                                                   warmup_target=0.05, warmup_steps=2)
    if step == 27:
        OPT._learning_rate.alpha = 0.0
    i = (step * 8) % 152
    loss, a, b = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(a), repr(b), int(OPT.iterations.numpy()))

print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
                  "iters": int(OPT.iterations.numpy())}))
