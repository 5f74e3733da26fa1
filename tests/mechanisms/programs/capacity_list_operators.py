"""Lists and dicts the step makes with operators and then changes: `[v] * 6` written at
an index and popped from both ends, a global list concatenated with it, two dicts
merged with `|`.  What the loop sees (contents, sys.getsizeof) must be eager's, and
the global list must stay as it is."""
import json, sys
import keras, numpy as np, tensorflow as tf
keras.utils.set_random_seed(5)
rng = np.random.default_rng(5)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
BASE = [1.0, 2.0]
KEEP = {}
def train_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w))
    w.assign_sub(0.05 * tape.gradient(loss, w))
    v = float(loss)
    buf = [v] * 6
    buf[2] = 0.5
    last = buf.pop()
    buf.pop(0)
    both = BASE + buf
    merged = {"a": v} | {"b": 2}
    KEEP["buf"] = buf; KEEP["both"] = both; KEEP["merged"] = merged
    return loss, last
for i in range(16):
    loss, last = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), last, KEEP["buf"], KEEP["both"], KEEP["merged"], sys.getsizeof(KEEP["buf"]), sys.getsizeof(KEEP["both"]))
print(BASE)
