"""Hyperparameters are numpy scalars (np.float32 weight decay, np.float64 momentum) read
by the step, which writes a run tag with their reprs: `f"wd={WD!r} mom={MOM!r}"` and
`str([WD, MOM])`, stored in a history and printed.  numpy 2 spells a scalar's repr
"np.float32(0.0005)", but under np.set_printoptions(legacy="1.25") it is "0.0005".
The print options are numpy's (a context variable), not the scalars'.  At step 10 the
loop switches to legacy="1.25"; at step 17 back to legacy=False.  Probes: repr() of
numpy scalars folded at build time while numpy's print options change."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2509)
rng = np.random.default_rng(2509)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
WD = np.float32(0.0005)
MOM = np.float64(0.9)
TAGS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) + float(WD) * tf.reduce_sum(W * W)
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * float(MOM) * g)
    tag = f"wd={WD!r} mom={MOM!r} " + str([WD, MOM])
    TAGS.append(tag)
    print(tag)
    return loss


for step in range(24):
    if step == 10:
        np.set_printoptions(legacy="1.25")
    if step == 17:
        np.set_printoptions(legacy=False)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "tags": TAGS[9:12]}))
