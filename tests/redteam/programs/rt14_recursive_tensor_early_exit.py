"""Iterative refinement written as recursion: `refine(h, depth)` applies a learned
residual update and recurses while the update is still large
(`tf.norm(delta) > TOL`, a decision on a TENSOR) and `depth < MAX_DEPTH` (a Python
global the loop changes: 6, then 2 at step 14, then 9 at step 28).  It returns
(h, depth_tensor) -- the number of refinements actually done comes back as a tensor
and is printed and accumulated in a Python list.  TOL is also changed at step 20.

Probes: data-dependent recursion depth (a recursive graph function with a tf.cond
base case) combined with a Python bound read on every level.  A converter that
unrolls the recursion to the depth it profiled, bakes MAX_DEPTH/TOL at build time,
or mis-merges the tuple returned by the two arms of the tensor condition prints other
depths and trains other weights.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1423)
rng = np.random.default_rng(1423)

N_STEPS = 40
XS = rng.normal(size=(N_STEPS, 4, 3)).astype(np.float32) * np.linspace(0.2, 2.0, N_STEPS)[:, None, None].astype(np.float32)
YS = np.tanh(XS.sum(axis=2, keepdims=True)).astype(np.float32)
WR = tf.Variable((np.eye(3) * 0.8 + rng.normal(size=(3, 3)) * 0.1).astype(np.float32), name="Wr")
WO = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3, name="Wo")
VARS = [WR, WO]
OPT = keras.optimizers.SGD(learning_rate=0.02)
MAX_DEPTH = 6
TOL = 0.6
DEPTHS = []


def refine(h, depth):
    delta = 0.5 * tf.tanh(h @ WR)
    h = h - delta
    if depth < MAX_DEPTH and tf.norm(delta) > TOL:
        return refine(h, depth + 1)
    return h, tf.constant(depth)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h, d = refine(x, 1)
        loss = tf.reduce_mean(tf.square(h @ WO - y))
    OPT.apply_gradients(zip(tape.gradient(loss, VARS), VARS))
    DEPTHS.append(int(d))
    return loss, d


for step in range(N_STEPS):
    if step == 14:
        MAX_DEPTH = 2
    if step == 20:
        TOL = 0.35
    if step == 28:
        MAX_DEPTH = 9
    loss, d = train_step(tf.constant(XS[step]), tf.constant(YS[step]))
    print(step, int(d), repr(float(loss)), "wr00=%r" % float(WR.numpy()[0, 0]))

print(json.dumps({
    "depths": DEPTHS,
    "wr": [repr(float(v)) for v in WR.numpy().ravel()],
    "wo": [repr(float(v)) for v in WO.numpy().ravel()],
}))
