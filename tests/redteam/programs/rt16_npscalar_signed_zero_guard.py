"""Sign-memory SGD: after each step the loop "resets" its direction memory by multiplying
the sign of the last loss change by zero, `DIRECTION = np.float64(sign) * 0.0`, which
keeps the sign as a signed zero (np.float64(-0.0) or np.float64(0.0)); a float32 twin
TILT is kept the same way.  The step reads them with math.copysign(1.0, DIRECTION) and
np.signbit(TILT) to choose the update's scale, and prints them.  -0.0 == 0.0 and they
hash alike, so a guard that compares numpy scalars by value would reuse a graph built
for the other sign: the scale, the printed text ("-0.0" vs "0.0") and the trained
weights would differ.  Probes: exactness of entry guards on numpy scalar globals (signed
zeros)."""
import json
import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1614)
rng = np.random.default_rng(1614)

XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-0.3], [0.8], [0.1]], np.float32) + 0.2).astype(np.float32)
W = tf.Variable(tf.zeros([4, 1]))
B = tf.Variable(tf.zeros([1]))
OPT = keras.optimizers.SGD(learning_rate=0.05)

DIRECTION = np.float64(0.0)
TILT = np.float32(0.0)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    grads = tape.gradient(loss, [W, B])
    sign = math.copysign(1.0, DIRECTION)
    tilt_neg = bool(np.signbit(TILT))
    scale = (1.0 + 0.5 * sign) * (0.75 if tilt_neg else 1.0)
    OPT.apply_gradients(zip([g * scale for g in grads], [W, B]))
    print(f"direction {DIRECTION} tilt {TILT} sign {sign} scale {scale}")
    return loss, tf.reduce_mean(grads[0])


prev = 0.0
for step in range(30):
    i = (step * 8) % 72
    loss, gmean = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    s = 1.0 if float(loss) >= prev else -1.0
    prev = float(loss)
    DIRECTION = np.float64(s) * 0.0
    TILT = np.float32(-s) * np.float32(0.0)
    print(step, repr(float(loss)), repr(DIRECTION), repr(TILT))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "B": repr(float(B.numpy()[0])),
    "direction": [repr(DIRECTION), type(DIRECTION).__name__],
    "tilt": [repr(TILT), type(TILT).__name__],
}))
