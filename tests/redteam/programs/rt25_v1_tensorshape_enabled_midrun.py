"""Legacy code path: at step 10 the program calls tf.compat.v1.disable_v2_tensorshape()
(as TF1-era helper modules do on import), after which `x.shape[i]` is a
tf.compat.v1.Dimension instead of an int.  The step reads `d = x.shape[1]`, uses it
for a reshape and records `repr(d)` and `int(d) * 2`.  Eager keeps training; from
step 10 the recorded reprs read "Dimension(4)".  Tensor arguments are unchanged
(same dtype and shape).  Probes: the V1/V2 TensorShape switch (a module-level flag of
TF's tensor_shape, rebound by the program) seen by a converted step and by whatever
inspects the step's tensor arguments."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2520)
rng = np.random.default_rng(2520)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
DIMS = []


def train_step(x, y):
    d = x.shape[1]
    xr = tf.reshape(x, [-1, d])
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(xr @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    DIMS.append((repr(d), int(d) * 2))
    return loss


for step in range(22):
    if step == 10:
        tf.compat.v1.disable_v2_tensorshape()
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), DIMS[-1])

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "dims": DIMS[-2:]}))
