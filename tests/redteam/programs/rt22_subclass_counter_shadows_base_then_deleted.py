"""Probes class-attribute writes through `type(self)` in a step shared by subclasses.
`type(self).calls += 1` reads the attribute through the MRO (Base.calls for a fresh
subclass) and then *creates* it on the subclass, which from then on shadows Base's.
Two trainers of two subclasses (FastHead, SlowHead) alternate calls; their steps scale
the learning rate by 1/(1 + calls*0.01).  The loop resets `Base.calls = 100` at step 8
(seen only by a subclass that has not written yet: SlowHead first trains at step 8),
deletes `FastHead.calls` at step 15 (FastHead falls back to Base's value, then creates
its own again), and sets `SlowHead.decay` on the subclass at step 22 (shadowing Base's
decay).  A graph that wrote the counter where it was read, or kept reading the subclass
attribute after it was deleted, would print other counts and train other weights."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2230)
np.random.seed(2230)
keras.utils.set_random_seed(2230)
rng = np.random.default_rng(2230)

XS = rng.normal(size=(72, 4)).astype(np.float32)
YS = (XS @ np.array([[1.0], [-1.0], [0.5], [0.0]], np.float32)).astype(np.float32)


class Base:
    calls = 0
    decay = 0.01

    def __init__(self, seed):
        r = np.random.default_rng(seed)
        self.w = tf.Variable(r.normal(size=(4, 1)).astype(np.float32) * 0.1)

    def train_step(self, x, y):
        type(self).calls += 1
        lr = 0.1 / (1.0 + type(self).calls * self.decay)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ self.w - y))
        g = tape.gradient(loss, self.w)
        self.w.assign_sub(lr * g)
        return loss, lr


class FastHead(Base):
    pass


class SlowHead(Base):
    pass


fast = FastHead(1)
slow = SlowHead(2)
for step in range(38):
    if step == 8:
        Base.calls = 100
    if step == 15:
        del FastHead.calls
    if step == 22:
        SlowHead.decay = 0.05
    tr = fast if (step < 8 or step % 2 == 0) else slow
    i = (step * 8) % 64
    loss, lr = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, type(tr).__name__, repr(float(loss)), repr(lr), Base.calls,
          FastHead.__dict__.get("calls"), SlowHead.__dict__.get("calls"))

print(json.dumps({
    "fast_w": [repr(float(v)) for v in fast.w.numpy().ravel()],
    "slow_w": [repr(float(v)) for v in slow.w.numpy().ravel()],
    "base_calls": Base.calls, "fast_calls": FastHead.calls, "slow_calls": SlowHead.calls,
}))
