"""The step writes an item of the list a PiecewiseConstantDecay holds (its values)
after the optimizer has applied: library code read the list before the write, so the
graph is eager's; the write lands at the commit, and the next call's guard sees it."""
import json, random
import keras, numpy as np, tensorflow as tf
random.seed(0); np.random.seed(0); keras.utils.set_random_seed(5)
rng = np.random.default_rng(5)
XS = rng.normal(size=(64, 4)).astype(np.float32); YS = rng.normal(size=(64, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
VALUES = [0.1, 0.05, 0.01]
SCHED = keras.optimizers.schedules.PiecewiseConstantDecay([3, 1000], VALUES)
OPT = keras.optimizers.SGD(SCHED)


def train_step(x, y, decay):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    OPT.apply_gradients([(tape.gradient(loss, W), W)])
    if decay:
        VALUES[1] = VALUES[1] * 0.5
    return loss


for step in range(18):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step in (7, 12))
    print(step, repr(float(loss)), VALUES)
print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
