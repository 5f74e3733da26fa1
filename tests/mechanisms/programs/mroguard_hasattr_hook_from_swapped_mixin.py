"""A trainer object asks `hasattr(self, "warmup_factor")` in its step and scales the
update when it is there.  The loop puts a mixin holding `warmup_factor` into the
trainer class's bases mid-run, and later a base of that mixin's own, reached two levels
up: only `__bases__` changes, never a class dict."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(10)


class Core:
    pass


class Warm:
    warmup_factor = 0.25


class Deep(Core):
    pass


class Trainer(Core):
    def __init__(self):
        self.w = tf.Variable(np.zeros((3, 1), np.float32))

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ self.w - y))
        (g,) = tape.gradient(loss, [self.w])
        lr = 0.05 * self.warmup_factor if hasattr(self, "warmup_factor") else 0.05
        self.w.assign_sub(lr * g)
        return loss


rng = np.random.default_rng(33)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([[0.5], [1.0], [-1.0]], np.float32)).astype(np.float32)
TRAINER = Trainer()

for step in range(24):
    if step == 6:
        Trainer.__bases__ = (Warm,)
    if step == 12:
        Trainer.__bases__ = (Deep,)
    if step == 16:
        Deep.__bases__ = (Warm,)
    if step == 20:
        Deep.__bases__ = (Core,)
    i = (step * 8) % 56
    loss = TRAINER.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [c.__name__ for c in Trainer.__mro__])
print(json.dumps({"w": TRAINER.w.numpy().ravel().tolist()}))
