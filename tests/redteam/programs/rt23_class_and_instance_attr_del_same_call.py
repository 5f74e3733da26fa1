"""Class attribute and instance attribute of one name written and deleted within one
call.  The step decays a class-level default (`Shaper.temp = Shaper.temp * 0.95`), reads
`sh.temp` (the instance's own value if it has one, else the class's new value), then,
depending on a mode string the loop sets, pins an instance value (`sh.temp = t * 2`),
or does nothing, and reads `sh.temp` again; in the "unpin" mode it then deletes the
instance value (`del sh.temp`) and bumps the class value again, so the next call's
first read finds the class attribute.  Both reads scale the loss.  (A read after the
del in the same call is refused by janus, so the del comes last.)

The loop cycles the modes "pin", "keep", "unpin", "keep" and at step 20 replaces the
class default from outside.  A graph has to follow a name from the instance dict to the
class dict and back within one call, with the class value itself written earlier in the
call: reading the class value from before the call after `del`, or the instance value
after `del`, gives another temperature and another loss.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(43)
np.random.seed(43)
keras.utils.set_random_seed(43)

rng = np.random.default_rng(43)
X = tf.constant(rng.normal(size=(64, 6)).astype(np.float32))
LABELS = tf.constant(rng.integers(0, 3, size=(64,)).astype(np.int32))


class Shaper:
    temp = 1.0

    def __init__(self):
        self.pinned = False
        self.mode = "keep"


SH = Shaper()
model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(3)])
opt = keras.optimizers.SGD(learning_rate=0.05)
ce = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def train_step(x, y):
    Shaper.temp = Shaper.temp * 0.95
    t1 = SH.temp
    if SH.mode == "pin" and not SH.pinned:
        SH.temp = t1 * 2.0
        SH.pinned = True
    t2 = SH.temp
    if SH.mode == "unpin" and SH.pinned:
        del SH.temp
        SH.pinned = False
        Shaper.temp = Shaper.temp + 0.125
    with tf.GradientTape() as tape:
        logits = model(x)
        loss = ce(y, logits / t1) + ce(y, logits / t2)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, t1, t2


for step in range(36):
    SH.mode = ["pin", "keep", "unpin", "keep"][step % 4]
    if step == 20:
        Shaper.temp = 1.5
    i = (step * 8) % 56
    loss, t1, t2 = train_step(X[i:i + 8], LABELS[i:i + 8])
    print(step, SH.mode, repr(float(loss)), repr(t1), repr(t2), repr(Shaper.temp),
          SH.pinned, sorted(vars(SH)))

print(json.dumps({
    "weights": [[repr(float(v)) for v in w.numpy().ravel()] for w in model.weights],
    "iterations": int(opt.iterations.numpy()),
    "class_temp": repr(Shaper.temp),
    "inst": {k: repr(v) for k, v in sorted(vars(SH).items())},
}))
