"""An itertools.count with a float step, created outside the step, is advanced three times per
step with next(); CPython adds the step repeatedly (0.7+0.1+0.1 != 0.7+2*0.1). At step 12 the
loop advances it once itself and at step 21 replaces it with count(5, 0.3). A converter that
computes "start + k*step" or reads the position once per call prints different phases."""
import itertools

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(91)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(27)
X = tf.constant(rng.normal(size=(16, 3)))
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(np.zeros((3, 1)))
PHASE = itertools.count(0.7, 0.1)
SEEN = []


def train_step(x, y):
    p1 = next(PHASE)
    p2 = next(PHASE)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + 0.01 * np.sin(p1))
    p3 = next(PHASE)
    W.assign_sub(0.1 * (p3 - p2) * 10.0 * tape.gradient(loss, W))
    SEEN.append((p1, p2, p3))
    return loss, p1, p2, p3


for step in range(32):
    if step == 12:
        next(PHASE)
    if step == 21:
        PHASE = itertools.count(5, 0.3)
    loss, p1, p2, p3 = train_step(X, Y)
    print(step, repr(float(loss)), repr(p1), repr(p2), repr(p3))

print("PHASE", repr(PHASE))
print("W", W.numpy().ravel().tolist())
