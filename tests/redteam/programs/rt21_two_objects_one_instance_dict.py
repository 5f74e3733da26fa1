"""Two objects that share ONE instance __dict__: a write through one, a read through the other.

From step 12 on, `B.__dict__ = A.__dict__`: the two trackers are distinct objects whose
attributes live in the same dict, so `A.count = A.count + 1` is immediately
`B.count` too, in the middle of the step.  The step writes `A.count` and `A.ema`
(from the loss), then reads `B.count` and `B.ema` to scale the gradient and to build
the text it prints.  The contract defers attribute writes to the commit and reads
changing numbers at call time; a read of B's attribute that does not know B's dict is
A's dict would see the value from before the call's write (one step stale), where
eager sees the value just written.  Before step 12 the dicts are separate and B is
only advanced by the loop; at step 30 B gets a dict of its own again (a copy).
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2119)
random.seed(2119)
np.random.seed(2119)
rng = np.random.default_rng(2119)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)


class Tracker:
    def __init__(self):
        self.count = 0
        self.ema = 0.0


A = Tracker()
B = Tracker()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    A.count = A.count + 1
    A.ema = 0.5 * A.ema + 0.5 * float(loss)
    seen_count = B.count
    seen_ema = B.ema
    grads = tape.gradient(loss, [W])
    scale = 1.0 / (1.0 + 0.01 * seen_count)
    OPT.apply_gradients([(grads[0] * scale, W)])
    print(f"count A={A.count} B={seen_count} ema B={seen_ema:.6f}")
    return loss, seen_count, seen_ema


for step in range(40):
    if step == 12:
        B.__dict__ = A.__dict__
    if step == 30:
        B.__dict__ = dict(A.__dict__)
    if step < 12 or step >= 30:
        B.count += 10
    i = (step * 8) % 88
    loss, seen_count, seen_ema = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), seen_count, repr(seen_ema), A.count, B.count)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "A": [A.count, repr(A.ema)], "B": [B.count, repr(B.ema)],
    "iterations": int(OPT.iterations.numpy()),
}))
