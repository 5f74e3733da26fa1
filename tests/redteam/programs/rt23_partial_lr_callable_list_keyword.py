"""The optimizer's learning rate is a callable: functools.partial(stage_lr, stages=STAGES,
scale=SCALE), where STAGES is a plain list of per-stage rates and SCALE a one-item list
(a mutable box).  Keras 3 calls a callable learning rate with no arguments inside
apply_gradients, every step.  stage_lr returns STAGES[len(STAGES) - 1] * SCALE[0]: the
rate of the newest stage.

The loop edits only the containers the partial's keywords hold, never the keywords dict:
at step 10 it appends a new stage (a smaller rate), at step 18 it halves SCALE[0] in
place, at step 26 it pops the last stage.  Eager reads the lists at each call.  A graph
that kept the rate stage_lr computed when it was built (the list objects at the keyword
are still the same) keeps training with the first rate.
"""
import functools
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(17)
np.random.seed(17)
keras.utils.set_random_seed(17)

rng = np.random.default_rng(17)
X = tf.constant(rng.normal(size=(64, 4)).astype(np.float32))
Y = tf.constant((X.numpy() @ np.array([[1.0], [-2.0], [0.5], [0.0]], np.float32)) + 0.3)

STAGES = [0.1, 0.05]
SCALE = [1.0]


def stage_lr(stages, scale):
    return stages[len(stages) - 1] * scale[0]


LR = functools.partial(stage_lr, stages=STAGES, scale=SCALE)
W = tf.Variable(tf.zeros((4, 1)))
B = tf.Variable(tf.zeros((1,)))
OPT = keras.optimizers.SGD(learning_rate=LR, momentum=0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    return loss


for step in range(36):
    if step == 10:
        STAGES.append(0.02)
    if step == 18:
        SCALE[0] *= 0.5
    if step == 26:
        STAGES.pop()
    i = (step * 8) % 56
    loss = train_step(X[i:i + 8], Y[i:i + 8])
    print(step, repr(float(loss)), STAGES, SCALE)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "B": [repr(float(v)) for v in B.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
    "stages": STAGES,
    "scale": SCALE,
}))
