"""A fine-tuning loop marks variables frozen with an attribute of its own
(`v.frozen = True`), which the step reads to skip their update; a list of variables
in a dict is walked.  The flag flips on one variable, then another, then back, so the
skip changes at those calls."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(5)

rng = np.random.default_rng(3)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = rng.normal(size=(64, 2)).astype(np.float32)
NET = {"w1": tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.5),
       "w2": tf.Variable(rng.normal(size=(6, 2)).astype(np.float32) * 0.5)}
for v in NET.values():
    v.frozen = False
SKIPPED = {"w1": 0, "w2": 0}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.nn.relu(x @ NET["w1"]) @ NET["w2"] - y))
    grads = tape.gradient(loss, list(NET.values()))
    for (name, v), g in zip(NET.items(), grads):
        if v.frozen:
            SKIPPED[name] += 1
            continue
        v.assign_sub(0.05 * g)
    return loss


for step in range(30):
    if step == 7:
        NET["w1"].frozen = True
    if step == 14:
        NET["w2"].frozen = True
        NET["w1"].frozen = False
    if step == 22:
        NET["w2"].frozen = 0
    i = (step * 8) % 56
    print(step, repr(float(train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])))),
          dict(SKIPPED))
print(json.dumps({k: v.numpy().ravel().tolist() for k, v in NET.items()}))
