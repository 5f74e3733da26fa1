"""Probe: plain Python containers of the program handed whole to TF library functions
that walk them natively (in C), then mutated in place between steps.

The step passes (1) a dict of per-parameter L2 coefficients `COEFS` to
`tf.nest.map_structure` together with a dict of variables (tf.nest flattens dicts in
sorted-key order, in C), (2) a Python list of floats `CLASS_W` to `tf.constant` as a
class-weight vector, and (3) a Python list of ints `KEEP` to `tf.gather` as row
indices of the batch. Mid-run the program edits these in place: step 8 changes a
coefficient's value, step 14 adds a key to both dicts (a new parameter with its own
coefficient; tf.nest must now pair three entries), step 19 writes into CLASS_W, step 24
appends to and reorders KEEP. None of the containers changes identity. A build that let
library code read the containers natively, with no guard on their contents, keeps the
first values and structure. Mechanism: program containers read by C library code
(tf.nest flatten, convert_to_tensor of lists) inside the step."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1520)
rng = np.random.default_rng(1520)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = ((XS[:, 0] > 0).astype(np.int32) + (XS[:, 1] > 0.3).astype(np.int32)).astype(np.int32)

PARAMS = {
    "w": tf.Variable(rng.normal(size=(4, 3)).astype(np.float32) * 0.3),
    "b": tf.Variable(np.zeros((3,), np.float32)),
}
COEFS = {"w": 0.01, "b": 0.0}
CLASS_W = [1.0, 1.0, 1.0]
KEEP = [0, 1, 2, 3, 4, 5]
LR = 0.1


def train_step(x, y):
    xk = tf.gather(x, KEEP)
    yk = tf.gather(y, KEEP)
    cw = tf.constant(CLASS_W)
    with tf.GradientTape() as tape:
        logits = xk @ PARAMS["w"] + PARAMS["b"]
        if "scale" in PARAMS:
            logits = logits * PARAMS["scale"]
        ce = tf.nn.sparse_softmax_cross_entropy_with_logits(yk, logits)
        loss = tf.reduce_mean(ce * tf.gather(cw, yk))
        regs = tf.nest.map_structure(lambda c, v: c * tf.reduce_sum(tf.square(v)), COEFS, PARAMS)
        loss = loss + tf.add_n(tf.nest.flatten(regs))
    vars_ = tf.nest.flatten(PARAMS)
    grads = tape.gradient(loss, vars_)
    for g, v in zip(grads, vars_):
        v.assign_sub(LR * g)
    return loss, len(tf.nest.flatten(regs))


for step in range(32):
    if step == 8:
        COEFS["w"] = 0.05
    if step == 14:
        PARAMS["scale"] = tf.Variable(1.0)
        COEFS["scale"] = 0.1
    if step == 19:
        CLASS_W[2] = 3.0
    if step == 24:
        KEEP.append(7)
        KEEP.reverse()
    i = (step * 8) % 72
    loss, nregs = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(round(float(loss), 6)), nregs)

print(json.dumps({k: [round(float(v), 6) for v in np.ravel(p.numpy())[:6]] for k, p in sorted(PARAMS.items())}))
