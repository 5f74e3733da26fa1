"""Loss-term switches kept as a global list of mixed Python numbers
`FLAGS = [2, 1.0, True, 1, 0.0, -0.0]`: `1`, `1.0` and `True` are equal, as are `0.0`
and `-0.0`.  Each step does `FLAGS.remove(1)` (CPython removes the first item equal to
1, whatever its type) and appends back `CYCLE[SID % 3]` (True, 1.0 or 1 in turn; SID is
a call counter the step keeps), so the equal items rotate: which type sits at FLAGS[1]
changes from call to call.  The step scales its loss by the kind of the
first item equal to True (`FLAGS[FLAGS.index(True)]`: bool, int or float), counts `FLAGS.count(0)`, finds `FLAGS.index(0.0)` and
reads `math.copysign(1.0, FLAGS[FLAGS.index(0)])` (the sign of the first zero).  The loop
swaps two items (step 9), replaces -0.0 by a second True (step 15) and reverses the
list (step 22).
Probes: list.remove/count/index by equality between bools, ints and floats (and the
two zeros) on the program's list, the types and signs of the items left, in a converted
step."""
import random

import numpy

random.seed(5509)
numpy.random.seed(5509)

import json
import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5509)
rng = np.random.default_rng(5509)
XS = rng.normal(size=(112, 3)).astype(np.float32)
YS = (XS[:, :1] ** 2 - XS[:, 2:3]).astype(np.float32)

W = tf.Variable(rng.normal(size=(3, 5)).astype(np.float32) * 0.5)
V = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.5)
FLAGS = [2, 1.0, True, 1, 0.0, -0.0]
CYCLE = (True, 1.0, 1)
SID = 0
KINDS = []


def train_step(x, y):
    global SID
    FLAGS.remove(1)
    FLAGS.append(CYCLE[SID % 3])
    SID += 1
    lead = FLAGS[FLAGS.index(True)]
    kind = type(lead).__name__
    scale = {"bool": 0.5, "int": 1.0, "float": 1.5}.get(kind, 2.0)
    zeros = FLAGS.count(0)
    sign = math.copysign(1.0, FLAGS[FLAGS.index(0.0)])
    with tf.GradientTape() as tape:
        h = tf.nn.softplus(x @ W)
        loss = tf.reduce_mean(tf.square(h @ V - y)) * scale + 0.01 * zeros * sign
    gw, gv = tape.gradient(loss, [W, V])
    W.assign_sub(0.02 * gw)
    V.assign_sub(0.02 * gv)
    KINDS.append(kind)
    return loss


for step in range(30):
    if step == 9:
        FLAGS[0], FLAGS[3] = FLAGS[3], FLAGS[0]
    if step == 15:
        FLAGS[FLAGS.index(0.0) + 1] = True
    if step == 22:
        FLAGS.reverse()
    i = (step * 16) % 96
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), [repr(f) for f in FLAGS], KINDS[-1])

print(json.dumps({"flags": [repr(f) for f in FLAGS], "types": [type(f).__name__ for f in FLAGS],
                  "kinds": KINDS, "v": [repr(float(t)) for t in V.numpy().ravel()]}))
