"""Hard-example counts in a Counter and per-class weights in a defaultdict: the step
pops the last counted example with `popitem()` from each, and uses the popped weight in
its loss.  The loop sets the same keys with other counts and weights between calls."""
import collections
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(5)

rng = np.random.default_rng(41)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] * 2.0).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
HARD = collections.Counter()
CLASS_W = collections.defaultdict(lambda: 1.0)
LOG = []


def train_step(x, y):
    example, count = HARD.popitem()
    cls, weight = CLASS_W.popitem()
    with tf.GradientTape() as tape:
        loss = weight * tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + 0.1 * count)
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(0.05 * g)
    LOG.append((example, count, cls, weight))
    return loss


for step in range(28):
    HARD["ex%d" % (step % 2)] = 1 + step % 4
    CLASS_W["c%d" % (step % 3 == 0)] = 0.5 + 0.25 * (step % 3)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), LOG[-1], dict(HARD), dict(CLASS_W))
print(json.dumps({"w": W.numpy().ravel().tolist(), "log": LOG[-3:]}))
