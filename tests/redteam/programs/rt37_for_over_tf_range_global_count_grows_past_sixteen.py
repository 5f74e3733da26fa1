"""The step iterates `for t in tf.range(STEPS)` (STEPS a Python global), reading row t of a
sequence tensor and updating a recurrent state with the weight W twice per iteration;
W is used once more after the loop.  STEPS starts at 12 and becomes 20 at step 12 and
40 at step 22, past a 16-iteration profiled-unrolling bound: a loop kept as a While op
sums W's per-iteration gradients in another association than eager's tape (for over
tf.range is a Python loop of eager ops).  A Python int counter of iterations where the
state's mean is positive is also carried and printed.  Probes: tensor for-loops whose
trip count comes from a Python global that grows mid-run."""
import random

import numpy

random.seed(3708)
numpy.random.seed(3708)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3708)
rng = np.random.default_rng(3708)
SEQ = tf.constant(rng.normal(size=(40, 8, 4)).astype(np.float32))
YS = rng.normal(size=(64, 4)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.45)
OPT = keras.optimizers.SGD(learning_rate=0.03)
STEPS = 12


def train_step(y):
    with tf.GradientTape() as tape:
        h = tf.zeros([8, 4])
        pos = 0
        for t in tf.range(STEPS):
            h = tf.tanh(SEQ[t] @ W + 0.8 * (h @ W))
            if tf.reduce_mean(h) > 0.0:
                pos += 1
        loss = tf.reduce_mean(tf.square(h @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, g, pos


for step in range(30):
    if step == 12:
        STEPS = 20
    if step == 22:
        STEPS = 40
    j = (step * 8) % 56
    loss, g, pos = train_step(tf.constant(YS[j:j + 8]))
    print(step, STEPS, float(loss).hex(), float(tf.reduce_sum(g)).hex(), pos)

print("final", [float(v).hex() for v in W.numpy().ravel()[:8]], STEPS)
