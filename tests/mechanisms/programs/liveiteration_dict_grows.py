"""The step decays a dict of running scores in `for name in SCORES` and, once the loop
sets GROW (step 6), also adds a "<name>_peak" entry inside that loop.  CPython's dict
iterator then raises RuntimeError("dictionary changed size during iteration") at the next
item; the step catches it and counts it.  The graph must raise where eager raises (steps
6 and 7: after them every name has its twin), and keep the entries it wrote before."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(511)
rng = np.random.default_rng(511)
X = rng.normal(size=(48, 3)).astype("float32")
Y = (X @ rng.normal(size=(3, 1))).astype("float32")
W = tf.Variable(np.zeros((3, 1), "float32"))
SCORES = {"fast": 4.0, "slow": 2.0, "mid": 1.0}
GROW = False
FAILURES = []


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    try:
        for name in SCORES:
            SCORES[name] = SCORES[name] * 0.75
            if GROW and not name.endswith("_peak"):
                SCORES[name + "_peak"] = SCORES[name]
    except RuntimeError as e:
        FAILURES.append((step, str(e)))
    return loss


for step in range(14):
    if step == 6:
        GROW = True
    i = (step * 8) % 40
    loss = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]), step)
    print(step, f"{float(loss):.6f}", sorted(SCORES.items()), len(FAILURES))
print(FAILURES)
