"""Each step takes a staging Buffer from a free list with `buf = POOL.pop()` and keeps it
in a local for the rest of the step.  Each Buffer has a weakref.finalize that prints
"released buffer k" and appends to RELEASED.  In eager the popped Buffer stays alive in
the step's frame until the step returns, so its release line comes *after* every line
the step prints, and the step's own read of len(RELEASED) never counts it.  A graph that
replays `POOL.pop()` at its commit drops the popped object right there (nothing holds
the value the replay returned), so the release would be printed before the step's later
lines; a refilled pool changes which object dies.  Probes: lifetime of an object a
converted step pops into a local (the frame keeps it alive until return) versus a commit
that replays the pop."""
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1603)
rng = np.random.default_rng(1603)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + XS[:, 1:2] ** 2).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.03, momentum=0.5)

RELEASED = []


class Buffer:
    def __init__(self, ident, scale):
        self.ident = ident
        self.scale = scale


def make_pool(n, base):
    pool = []
    for k in range(n):
        b = Buffer(base + k, 1.0 + 0.05 * (k % 4))
        weakref.finalize(b, lambda ident=base + k: (RELEASED.append(ident), print(f"  released buffer {ident}")))
        pool.append(b)
    return pool


POOL = make_pool(16, 100)


def train_step(x, y, step):
    buf = POOL.pop()
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1) * buf.scale
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    print(f"step {step} using buffer {buf.ident} released so far {len(RELEASED)}")
    OPT.apply_gradients(zip(grads, [W1, W2]))
    print(f"step {step} done with buffer {buf.ident}")
    return loss


for step in range(30):
    if not POOL:
        POOL = make_pool(16, 200 + step)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), "pool", len(POOL))

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "released": RELEASED,
    "pool_left": [b.ident for b in POOL],
    "iterations": int(OPT.iterations.numpy()),
}))
