"""Tensor identity through id(): the step keeps a per-batch scale in a dict keyed by
id(x) and records whether the batch is the one a global remembers (`x is LAST["x"]`).
The loop cycles over three batch tensors, so each id comes back."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(7)
rng = np.random.default_rng(7)
XS = [tf.constant(rng.normal(size=(8, 4))) for _ in range(3)]
YS = [tf.constant(rng.normal(size=(8, 1))) for _ in range(3)]
W = tf.Variable(rng.normal(size=(4, 1)) * 0.1)
SCALES = {}
LAST = {"x": None}
HITS = []


def train_step(x, y):
    key = id(x)
    if key not in SCALES:
        SCALES[key] = 1.0 / (1.0 + len(SCALES))
    HITS.append(x is LAST["x"])
    LAST["x"] = x
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square((x @ W) * SCALES[key] - y))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    return loss


for step in range(27):
    i = (step // 2) % 3
    loss = train_step(XS[i], YS[i])
    print(step, repr(float(loss)), len(SCALES), HITS[-1], LAST["x"] is XS[i])
SCALES = sorted(SCALES.values())        # ids differ between processes
LAST = [LAST["x"] is x for x in XS]
print("W", W.numpy().ravel().tolist(), SCALES, LAST, HITS.count(True))
