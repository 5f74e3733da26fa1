"""layer.set_weights(arrays) of the program's arrays, edited in place to EQUAL-comparing values.

The step resets a Dense layer's bias from the program's ndarray BIAS with
`layer.set_weights([KERNEL, BIAS])` at every call, then trains only the kernel, and adds
`1e-3 * sum(atan2(bias, -1))` to the loss (atan2 of +0.0 is +pi, of -0.0 is -pi).  The
contract says library code reading the program's arrays has their contents compared
before each call.  Mid-run the loop writes values that compare EQUAL under `==` but are
other bits: step 12 turns BIAS[1] from 0.0 into -0.0, step 20 turns it back and flips
BIAS[0]; step 28 writes a NaN into BIAS[2] and step 34 a NaN with another payload (NaN
!= NaN, so an `==` comparison would see a change at every call: harmless; an
array_equal(equal_nan=True) or allclose comparison would not see the payload change).  A
comparison by `==`/array_equal misses the sign flips, and the graph's bias stays +0.0:
the printed bias bits, the atan2 term and the loss differ from eager's.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2124)
random.seed(2124)
np.random.seed(2124)
rng = np.random.default_rng(2124)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 3)).astype(np.float32)
LAYER = keras.layers.Dense(3)
LAYER.build((None, 4))
KERNEL = (rng.normal(size=(4, 3)) * 0.3).astype(np.float32)
BIAS = np.zeros(3, dtype=np.float32)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    LAYER.set_weights([KERNEL, BIAS])
    with tf.GradientTape() as tape:
        out = LAYER(x)
        loss = tf.reduce_mean(tf.square(out - y)) + 1e-3 * tf.reduce_sum(
            tf.math.atan2(LAYER.bias, -1.0))
    grads = tape.gradient(loss, [LAYER.kernel])
    OPT.apply_gradients(zip(grads, [LAYER.kernel]))
    return loss


def nan_with_payload(p):
    return np.array([0x7FC00000 | p], dtype=np.uint32).view(np.float32)[0]


for step in range(40):
    if step == 12:
        BIAS[1] = -0.0
    if step == 20:
        BIAS[1] = 0.0
        BIAS[0] = -0.0
    if step == 28:
        BIAS[2] = nan_with_payload(1)
    if step == 34:
        BIAS[2] = nan_with_payload(77)
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    bias = LAYER.bias.numpy()
    print(step, repr(float(loss)), [hex(int(b)) for b in bias.view(np.uint32)],
          repr(float(LAYER.kernel.numpy()[0, 0])))

print(json.dumps({
    "kernel": [repr(float(v)) for v in LAYER.kernel.numpy().ravel()],
    "bias_bits": [hex(int(b)) for b in LAYER.bias.numpy().view(np.uint32)],
    "iterations": int(OPT.iterations.numpy()),
}))
