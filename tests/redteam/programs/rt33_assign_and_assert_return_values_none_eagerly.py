"""A hand-written momentum step collects what its update and check calls return:
`v.assign(new, read_value=False)` and `tf.debugging.assert_non_negative(...)` return None
when executing eagerly (their ops already ran) and an Operation in a graph.  TF1-style
code checks for non-None results "to run later"; the step records which ones were not
None and prints the running count (storing the ops themselves is refused by janus).  Probes: library functions whose return value is None only eagerly."""
import random
import numpy
random.seed(38)
numpy.random.seed(38)
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3338)
rng = np.random.default_rng(3338)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] + XS[:, 3:4] * 0.2).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
M = tf.Variable(tf.zeros([4, 1]))
PENDING = []


def train_step(x, y, lr):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    ops_ = []
    ops_.append(tf.debugging.assert_non_negative(loss))
    ops_.append(M.assign(0.9 * M + g, read_value=False))
    ops_.append(W.assign(W - lr * M, read_value=False))
    kept = [o is not None for o in ops_]
    PENDING.append(sum(kept))
    return loss, kept


for step in range(30):
    i = (step * 8) % 56
    loss, kept = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), 0.02)
    print(step, float(loss).hex(), kept, sum(PENDING))

print("W", [float(v).hex() for v in W.numpy().ravel()])
