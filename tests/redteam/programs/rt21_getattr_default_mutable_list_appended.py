"""getattr(obj, "buf", SHARED) whose default is a mutable list the step appends to.

The step logs into `getattr(HOLDER, "buf", SHARED)`: while HOLDER has no attribute
"buf" the default, the global list SHARED, is the one appended to.  The default
argument is also an expression with an effect (`note("scale")` appends to CALLS at
every call, whether or not the attribute exists: getattr's arguments are evaluated
first).  Mid-run the attribute appears and goes: step 12 sets an instance attribute
(appends go to HOLDER.buf), step 20 deletes it (back to SHARED), step 28 sets a CLASS
attribute Holder.buf = CLASS_BUF (found through the type), step 34 sets an instance
attribute again, which shadows the class one.  The contract says an attribute nothing
holds is known absent, guarded on the object and each class of its type; a graph
built while "buf" was absent that kept appending to SHARED, or one that skipped the
default's evaluation once the attribute exists, would leave the wrong lists grown.
Printed: the lengths of all lists after each call and which list the step returned.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2114)
random.seed(2114)
np.random.seed(2114)
rng = np.random.default_rng(2114)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)

SHARED = []
CLASS_BUF = []
CALLS = []


class Holder:
    pass


HOLDER = Holder()


def note(name):
    CALLS.append(name)
    return 1.0


def train_step(x, y):
    buf = getattr(HOLDER, "buf", SHARED)
    scale = getattr(HOLDER, "scale", note("scale"))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * scale
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    buf.append(len(buf))
    return loss, buf


INST_BUF = []
INST_BUF2 = []
for step in range(42):
    if step == 12:
        HOLDER.buf = INST_BUF
    if step == 20:
        del HOLDER.buf
    if step == 28:
        Holder.buf = CLASS_BUF
    if step == 34:
        HOLDER.buf = INST_BUF2
        HOLDER.scale = 0.5
    i = (step * 8) % 88
    loss, buf = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    which = [buf is SHARED, buf is INST_BUF, buf is CLASS_BUF, buf is INST_BUF2]
    print(step, repr(float(loss)), len(SHARED), len(INST_BUF), len(CLASS_BUF), len(INST_BUF2),
          len(CALLS), which)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "shared": SHARED, "inst": INST_BUF, "cls": CLASS_BUF, "inst2": INST_BUF2,
    "calls": len(CALLS),
    "iterations": int(OPT.iterations.numpy()),
}))
