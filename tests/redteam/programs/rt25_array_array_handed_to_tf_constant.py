"""Per-feature input gains are kept in a compact typed buffer, `GAINS =
array.array("f", [...])`, and the step hands the buffer to TF:
`x = x * tf.constant(GAINS)`.  tf.constant reads the buffer's current contents at every
call (through the buffer protocol).  At step 10 the loop edits two gains in place
(GAINS[0] = 0.0; GAINS[3] *= 2) and at step 16 appends nothing but rescales all of them
item by item; the array object stays the same.  Probes: an array.array (not an ndarray,
not a list) of the program's passed to a TF function inside a converted step."""
import array
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2518)
rng = np.random.default_rng(2518)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
GAINS = array.array("f", [1.0, 0.5, 1.5, 1.0])


def train_step(x, y):
    xs = x * tf.constant(GAINS)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(xs @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    return loss


for step in range(22):
    if step == 10:
        GAINS[0] = 0.0
        GAINS[3] *= 2
    if step == 16:
        for j in range(len(GAINS)):
            GAINS[j] = GAINS[j] * 0.75
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), list(GAINS))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
