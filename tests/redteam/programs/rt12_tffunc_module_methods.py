"""tf.function METHODS of a tf.Module (one trace cache per instance), with trace-time side
effects and trace-time reads of self.scale.  Step 10: the program deletes the key the step
looks up, so the step's `except KeyError` handler makes the FIRST call of the method
HEAD.fallback (traced there, inside the handler).  Step 15: HEAD.scale changes (existing
traces keep the old value; eager never retraces).  Step 20: HEAD is replaced by a new Head
instance (its own, empty trace cache: eager traces both methods again, reading the new
scale).  Step 25: the key comes back.  Probes: traced methods, first calls in an exception
handler, trace caches tied to object identity, trace-time reads vs. guards."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1213)
rng = np.random.default_rng(1213)
LOG = []


class Head(tf.Module):
    def __init__(self, scale, seed):
        super().__init__()
        self.scale = scale
        init = np.random.default_rng(seed).normal(size=(4, 3)).astype(np.float32) * 0.3
        self.w = tf.Variable(init)

    @tf.function
    def __call__(self, x):
        LOG.append(["call", str(x.shape), self.scale])
        return tf.tanh(x @ self.w) * self.scale

    @tf.function
    def fallback(self, x):
        LOG.append(["fallback", str(x.shape), self.scale])
        return tf.reduce_mean(tf.abs(x @ self.w)) * self.scale


XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = rng.normal(size=(64, 3)).astype(np.float32)
BONUS = {"tag": 0.5}
HEAD = Head(1.0, 7)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = HEAD(x)
        try:
            bonus = BONUS["tag"]
        except KeyError:
            bonus = HEAD.fallback(x)
        loss = tf.reduce_mean(tf.square(h - y)) + 0.1 * bonus
    g = tape.gradient(loss, HEAD.w)
    HEAD.w.assign_sub(0.1 * g)
    return loss


for step in range(30):
    if step == 10:
        del BONUS["tag"]
    if step == 15:
        HEAD.scale = 3.0
    if step == 20:
        HEAD = Head(2.0, 8)
    if step == 25:
        BONUS["tag"] = 0.25
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(LOG))

print(json.dumps({"log": LOG, "w": [repr(float(v)) for v in HEAD.w.numpy().ravel()]}))
