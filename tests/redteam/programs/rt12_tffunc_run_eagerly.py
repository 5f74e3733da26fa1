"""tf.config.run_functions_eagerly toggled mid-run around the program's own tf.function
`mix`, whose Python body appends to a log and reads the global ALPHA and a dict entry
CFG["beta"] (at trace time when traced; at EVERY call when run eagerly).  ALPHA and CFG
change at steps 5 and 8 (the trace keeps the old values).  Step 10: run_functions_eagerly
(True): the body runs as Python at each call (log grows each step, live globals).  Step 15:
ALPHA changes again (seen at once).  Step 20: run_functions_eagerly(False): the old trace
comes back with the values baked in at step 0.  Step 25: CFG["beta"] changes (unseen).
Probes: following tf.config.run_functions_eagerly and the body's live reads vs. the
trace's baked ones, both ways, for a function the step calls."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1241)
rng = np.random.default_rng(1241)

LOG = []
ALPHA = 1.0
CFG = {"beta": 0.5}
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = rng.normal(size=(64, 2)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32) * 0.3)


@tf.function
def mix(x, w):
    LOG.append([ALPHA, CFG["beta"]])
    h = x @ w
    return ALPHA * tf.tanh(h) + CFG["beta"] * h


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(mix(x, W) - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    return loss


for step in range(30):
    if step == 5:
        ALPHA = 2.0
    if step == 8:
        CFG["beta"] = 0.25
    if step == 10:
        tf.config.run_functions_eagerly(True)
    if step == 15:
        ALPHA = 0.5
    if step == 20:
        tf.config.run_functions_eagerly(False)
    if step == 25:
        CFG["beta"] = 1.0
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(LOG), LOG[-1])

print(json.dumps({"log": LOG, "W": [repr(float(v)) for v in W.numpy().ravel()]}))
