"""The step files its loss under the TF name scope it is called in:
`tag = tf.get_current_name_scope() or "root"` and `TOTALS[tag] += float(loss)`, and
prints the tag.  The loop calls the step plainly for the warm-up, then, from step 10,
inside `with tf.name_scope("finetune"):`, and from step 17 inside
`with tf.name_scope("polish"):`.  Eager's name scope is the context's thread-local
scope name, set by the caller around the call.  Probes: TF's eager name-scope stack
(not an object handed to the step) read while a graph is built."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2514)
rng = np.random.default_rng(2514)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
TOTALS = {}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    tag = tf.get_current_name_scope() or "root"
    TOTALS[tag] = TOTALS.get(tag, 0.0) + float(loss)
    print("scope", tag)
    return loss


for step in range(24):
    i = (step * 8) % 56
    x, y = tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])
    if step < 10:
        loss = train_step(x, y)
    elif step < 17:
        with tf.name_scope("finetune"):
            loss = train_step(x, y)
    else:
        with tf.name_scope("polish"):
            loss = train_step(x, y)
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "totals": {k: repr(v) for k, v in TOTALS.items()}}))
