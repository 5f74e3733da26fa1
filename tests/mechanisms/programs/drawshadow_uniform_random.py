"""A step draws `AUG.uniform(-1, 1)` from a random.Random; Random.uniform calls
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
keras.utils.set_random_seed(44)
rng = np.random.default_rng(44)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = rng.normal(size=(40, 1)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
opt = keras.optimizers.SGD(0.05)
AUG = random.Random(7)
OTHER = random.Random(8)


def train_step(x, y):
    shift = AUG.uniform(-1.0, 1.0)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square((x + 0.1 * shift) @ W - y))
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    return loss, shift


for step in range(22):
    if step == 8:
        AUG.random = OTHER.random
    if step == 14:
        del AUG.random
    i = (step * 4) % 36
    loss, shift = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, round(float(loss), 5), repr(shift))

print(json.dumps({"aug": AUG.random(), "other": OTHER.random()}))
