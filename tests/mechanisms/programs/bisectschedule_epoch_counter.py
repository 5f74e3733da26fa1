"""A step-based learning-rate schedule written with bisect: the rate is
`BASE * GAMMA ** bisect.bisect_right(MILESTONES, T.epoch)`, where the tracker's epoch
is a counter the step itself advances (a number the graph carries); the loop inserts a
milestone at step 9 and moves one at step 15 (the list stays the same object)."""
import bisect
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(60)
rng = np.random.default_rng(60)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = rng.normal(size=(40, 1)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
MILESTONES = [3, 6, 12]
BASE, GAMMA = 0.1, 0.5


class Tracker:
    epoch = 0


T = Tracker()


def train_step(x, y):
    stage = bisect.bisect_right(MILESTONES, T.epoch)
    lr = BASE * GAMMA ** stage
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(lr * tape.gradient(loss, W))
    T.epoch += 1
    return loss, stage, lr


for step in range(22):
    if step == 9:
        MILESTONES.insert(2, 10)
    if step == 15:
        MILESTONES[3] = 16
    i = (step * 4) % 36
    loss, stage, lr = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, round(float(loss), 6), stage, lr, type(stage).__name__)

print(json.dumps({"W": [round(float(v), 6) for v in W.numpy().ravel()], "epoch": T.epoch}))
