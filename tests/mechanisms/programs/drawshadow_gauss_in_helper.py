"""A step draws `AUG.gauss(0, 1)` (through a helper) from a random.Random; gauss calls
`self.random()`, so when the loop gives AUG an instance attribute `random` (another
generator's bound method, step 8) the draw comes from that generator, and when it
deletes it (step 14) from AUG again."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(46)
rng = np.random.default_rng(44)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = rng.normal(size=(40, 1)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
opt = keras.optimizers.SGD(0.05)
AUG = random.Random(7)
OTHER = random.Random(8)


def noise(scale):
    return scale * AUG.gauss(0.0, 1.0)


def train_step(x, y):
    shift = noise(0.5)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square((x + 0.1 * shift) @ W - y))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    return loss, shift


for step in range(22):
    if step == 9:
        AUG.random = OTHER.random
    if step == 14:
        del AUG.random
    i = (step * 4) % 36
    loss, shift = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, round(float(loss), 5), repr(shift))

print(json.dumps({"aug": AUG.random(), "other": OTHER.random()}))
