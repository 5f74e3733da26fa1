"""Rotation augmentation driven by a complex phasor: ROT starts at complex(-1.0, 0.0) and
the loop flips the rotation direction every third step with ROT = ROT.conjugate(), which
alternates (-1+0j) and (-1-0j).  Those two are == and hash alike, but cmath.phase gives
+pi for one and -pi for the other, so the step rotates the first two features by +pi/4
or -pi/4.  A guard that compared a complex global by value (or a graph that baked the
phase of the first one) would rotate the same way every step: different losses, weights
and printed angles.  Probes: exactness of guards on complex numbers (signed zero
imaginary part) and cmath on guarded values."""
import cmath
import json
import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1615)
rng = np.random.default_rng(1615)

XS = rng.normal(size=(72, 4)).astype(np.float32)
YS = (XS[:, :1] * 1.5 + XS[:, 1:2] * 0.5 - XS[:, 3:]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.05)

ROT = complex(-1.0, 0.0)
ANGLES = []


def train_step(x, y):
    theta = cmath.phase(ROT) / 4.0
    c, s = math.cos(theta), math.sin(theta)
    x0 = x[:, 0:1] * c - x[:, 1:2] * s
    x1 = x[:, 0:1] * s + x[:, 1:2] * c
    xr = tf.concat([x0, x1, x[:, 2:]], axis=1)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(xr @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    ANGLES.append(theta)
    print(f"rot {ROT!r} theta {theta!r}")
    return loss


for step in range(30):
    if step and step % 3 == 0:
        ROT = ROT.conjugate()
    i = (step * 8) % 64
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "rot": repr(ROT),
    "angles_positive": sum(1 for a in ANGLES if a > 0),
    "angles_negative": sum(1 for a in ANGLES if a < 0),
}))
