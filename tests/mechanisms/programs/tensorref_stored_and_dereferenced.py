"""The step stores `x.ref()` of its batch in a global and hands it back; the loop
compares it with the previous call's (equal exactly when the same tensor came back) and
checks `ref.deref() is x`.  Eager makes a new reference at every call, to the caller's
own tensor; so must each graph call."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(22)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
BATCHES = [tf.constant(rng.normal(size=(4, 3)).astype(np.float32)) for _ in range(2)]
LAST = None


def train_step(x):
    global LAST
    ref = x.ref()
    back = ref.deref() is x
    LAST = ref
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w))
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss, ref, back


previous = None
for i in range(24):
    x = BATCHES[(i // 4) % 2]
    loss, ref, back = train_step(x)
    print(i, repr(float(loss)), back, ref == previous, ref is LAST, ref.deref() is x,
          ref is previous)
    previous = ref
del x, ref, previous, LAST
print(json.dumps([repr(float(v)) for v in w.numpy().ravel()]))
