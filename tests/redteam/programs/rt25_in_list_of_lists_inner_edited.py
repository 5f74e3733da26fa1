"""Layer groups are kept as a list of lists of parameter names, `FROZEN_GROUPS =
[["w1"], ["w2", "b2"]]`; the step freezes the head while its group is listed:
`if HEAD in FROZEN_GROUPS: g2 = 0` (HEAD = ["w2", "b2"]) and counts matches with
FROZEN_GROUPS.count(HEAD).  `in` and count() compare the inner lists with ==, item by
item, as they are at the call.  At step 10 the loop edits an inner group in place
(FROZEN_GROUPS[1].remove("b2")), so HEAD is no longer in the list and the head starts
training; at step 16 it puts "b2" back.  Probes: `in`/count() over a list whose items are
lists the loop mutates in place."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2515)
rng = np.random.default_rng(2515)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
FROZEN_GROUPS = [["w1"], ["w2", "b2"]]
HEAD = ["w2", "b2"]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    frozen = HEAD in FROZEN_GROUPS
    if frozen:
        g2 = tf.zeros_like(g2)
    W1.assign_sub(0.05 * g1)
    W2.assign_sub(0.05 * g2)
    print("head frozen:", frozen, FROZEN_GROUPS.count(HEAD))
    return loss


for step in range(22):
    if step == 10:
        FROZEN_GROUPS[1].remove("b2")
    if step == 16:
        FROZEN_GROUPS[1].append("b2")
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
                  "W2": [repr(float(v)) for v in W2.numpy().ravel()]}))
