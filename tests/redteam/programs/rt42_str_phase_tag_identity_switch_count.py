"""Curriculum code tags each batch with a phase name built by string concatenation
("warm" + "up", a new str object at each call), and the step counts phase switches
with an identity test on the tag (`tag is not self.tag`), storing it afterwards.  A
common micro-optimisation that is only correct for interned strings: eagerly each
call sees a new object and the counter grows every call.  From step 12 the caller
interns the tag (`sys.intern`), so the counter stops growing.  janus guards strs by
value and may answer the `is` from the object it saw while building, or store that
object instead of the caller's."""
import random

import numpy

random.seed(3)
numpy.random.seed(3)

import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4203)
rng = np.random.default_rng(4203)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS.sum(axis=1, keepdims=True) > 0).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.Adam(0.01)
bce = keras.losses.BinaryCrossentropy(from_logits=True)


class Curriculum:
    def __init__(self):
        self.tag = None
        self.switches = 0
        self.seen = []

    def step(self, x, y, tag):
        if tag is not self.tag:
            self.switches += 1
            self.tag = tag
        with tf.GradientTape() as tape:
            loss = bce(y, model(x))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        self.seen.append(tag)
        return loss, tag


cur = Curriculum()
parts = ["warm", "up"]
for step in range(30):
    i = (step * 8) % 56
    tag = parts[0] + parts[1]
    if step >= 12:
        tag = sys.intern(tag)
    loss, ret = cur.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tag)
    print(step, repr(float(loss)), cur.switches, cur.tag is tag, ret is tag,
          cur.seen[-1] is tag)

print(json.dumps({
    "w": [repr(float(v)) for v in model.trainable_variables[0].numpy().ravel()[:6]],
    "switches": cur.switches,
    "seen_distinct_objects": len({id(s) for s in cur.seen}) > 1,
    "n_seen": len(cur.seen),
}))
