"""Two live iterations.  (a) The step walks a replay deque and, once the loop sets REFILL
(step 5), appends to it inside the walk: CPython raises RuntimeError("deque mutated
during iteration"), which the step catches.  (b) The step walks RATES.items() and
halves the *next* rate as it goes: the items view reads each value when it reaches it,
so later items see the halving done earlier in the same loop."""
import collections

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(513)
rng = np.random.default_rng(513)
X = rng.normal(size=(48, 3)).astype("float32")
Y = (X @ rng.normal(size=(3, 1))).astype("float32")
W = tf.Variable(np.zeros((3, 1), "float32"))
REPLAY = collections.deque([1, 2, 3], maxlen=8)
RATES = {"a": 0.8, "b": 0.4, "c": 0.2}
ORDER = ["a", "b", "c"]
REFILL = False
SEEN = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(RATES["a"] * 0.1 * tape.gradient(loss, W))
    try:
        for item in REPLAY:
            SEEN.append(item)
            if REFILL:
                REPLAY.append(item * 10)
    except RuntimeError as e:
        SEEN.append(str(e))
    for name, rate in RATES.items():
        SEEN.append(rate)
        later = ORDER.index(name) + 1
        if later < len(ORDER):
            RATES[ORDER[later]] = RATES[ORDER[later]] * 0.5
    return loss


for step in range(10):
    if step == 5:
        REFILL = True
    if step == 7:
        RATES["c"] = 0.2
    i = (step * 8) % 40
    loss = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]))
    print(step, f"{float(loss):.6f}", list(REPLAY), sorted(RATES.items()), len(SEEN))
print(SEEN[-12:])
