"""At step 10 the program calls tf.experimental.numpy.experimental_enable_numpy_behavior().
That flips module-level data inside TensorFlow (numpy-style type promotion), which TF's
operator wrappers read every time a binary op is made: from then on `float32_tensor *
np.float64(c)` promotes to float64 instead of converting the scalar to float32.  The step
scales its loss and its weight penalty by numpy float64 constants, so in eager mode the
loss (and the gradient path through the cast) becomes float64 from step 10 on.  A graph
built before step 10 would keep float32 arithmetic.  Probes: library state that lives in
TF module globals (not in any object handed to library code)."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1201)
rng = np.random.default_rng(1201)

XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = (XS @ rng.normal(size=(6, 1)) + 0.1 * rng.normal(size=(64, 1))).astype(np.float32)

W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.1, name="w")
B = tf.Variable(np.zeros((1,), np.float32), name="b")
SCALE = np.float64(0.7)
DECAY = np.float64(1e-3)
LR = 0.05
HIST = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = x @ W + B
        mse = tf.reduce_mean(tf.square(pred - y))
        loss = mse * SCALE + DECAY * tf.reduce_sum(W * W)
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(LR * tf.cast(gw, tf.float32))
    B.assign_sub(LR * tf.cast(gb, tf.float32))
    HIST.append(loss.dtype.name)
    return loss


for step in range(30):
    if step == 10:
        tf.experimental.numpy.experimental_enable_numpy_behavior()
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), loss.dtype.name)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "B": [repr(float(v)) for v in B.numpy().ravel()],
    "hist": HIST,
}))
