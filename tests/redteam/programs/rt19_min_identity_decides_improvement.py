"""An early-stopping tracker inside the step decides "improved" by identity, an idiom of
hand-written trainers: `best = min(TRACK.best, cur)` keeps the old best object on a tie
or a worse loss and returns `cur` itself only when it is strictly lower, so
`improved = best is cur` (equivalently `best is not TRACK.best`).  An improvement resets
the patience counter and stores the new best; otherwise the counter grows and, past the
patience, the learning rate is halved (a Python float the optimizer reads).  The loss
is quantised to 1/16 (`round(cur * 16) / 16`), so ties with the stored best are common.
Probes: `is` between a min() result and its operands evaluated inside the step, where
both are numbers the graph computes; a converter whose graph answers the identity with
False (or by value equality) never sees an improvement, or sees one on every tie."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1933)
rng = np.random.default_rng(1933)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.2)


class Tracker:
    def __init__(self):
        self.best = float("inf")
        self.stale = 0
        self.lr = 0.2
        self.improvements = 0


TRACK = Tracker()


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    grads = [g * TRACK.lr / 0.2 for g in grads]
    OPT.apply_gradients(zip(grads, [W1, W2]))
    cur = round(float(loss) * 16) / 16
    best = min(TRACK.best, cur)
    improved = best is cur
    if improved:
        TRACK.best = best
        TRACK.stale = 0
        TRACK.improvements += 1
    else:
        TRACK.stale += 1
        if TRACK.stale > 2:
            TRACK.lr = TRACK.lr * 0.5
            TRACK.stale = 0
    return loss, improved, cur


for step in range(30):
    i = (step * 8) % 56
    loss, improved, cur = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), improved, repr(cur), repr(TRACK.best), TRACK.stale,
          repr(TRACK.lr))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "best": repr(TRACK.best),
    "improvements": TRACK.improvements,
    "lr": repr(TRACK.lr),
    "iterations": int(OPT.iterations.numpy()),
}))
