"""Lists and dicts held by a tf.Module subclass, which TF's AutoTrackable wraps in its own
ListWrapper and _DictWrapper (a wrapt ObjectProxy), read inside train_step.

    class Net(tf.Module): self.cfg = {"lr": ..., "act": "tanh"}; self.masks = [1.0, 1.0, 1.0]

The loop mutates them through the wrappers:
  step 11: net.cfg["lr"] = 0.02                (through the _DictWrapper proxy)
  step 15: net.masks[1] = 0.0                  (ListWrapper item assignment)
  step 19: net.cfg.update(act="relu")          (activation chosen by a Python string)
  step 23: net.masks.append(0.5)               (len(self.masks) grows: an extra scale)
  step 27: net.history.clear()                 (the list the step appends to)
  step 31: del net.cfg["lr"]                   (the step's .get falls back to 0.05)
A converter that guards only the wrapper objects' identities (their contents live in
the wrapped dict/list) keeps the old lr, masks and activation; printed values, losses and
weights differ; net.history's length must follow the step's appends and the clear.
"""
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(820)


class Net(tf.Module):
    def __init__(self, rng):
        super().__init__()
        self.w1 = tf.Variable(rng.normal(size=(5, 3, 4)).astype(np.float32) * 0.4)
        self.w2 = tf.Variable(rng.normal(size=(12, 1)).astype(np.float32) * 0.3)
        self.cfg = {"lr": 0.06, "act": "tanh"}
        self.masks = [1.0, 1.0, 1.0]
        self.history = []

    def train_step(self, x, y):
        act = tf.tanh if self.cfg["act"] == "tanh" else tf.nn.relu
        lr = self.cfg.get("lr", 0.05)
        extra = 1.0
        for m in self.masks[3:]:
            extra = extra * m
        with tf.GradientTape() as tape:
            hs = tf.einsum("bi,igh->bgh", x, self.w1)
            hs = act(hs) * tf.constant([[m] for m in self.masks[:3]], tf.float32)
            pred = extra * (tf.reshape(hs, [-1, 12]) @ self.w2)
            loss = tf.reduce_mean(tf.square(pred - y))
        g1, g2 = tape.gradient(loss, [self.w1, self.w2])
        self.w1.assign_sub(lr * g1)
        self.w2.assign_sub(lr * g2)
        self.history.append(len(self.history))
        print("  lr", repr(lr), "act", self.cfg["act"], "masks", list(self.masks), "extra", repr(extra),
              "hist", len(self.history), type(self.masks).__name__)
        return loss


rng = np.random.default_rng(820)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (np.abs(XS[:, :1]) - XS[:, 3:4]).astype(np.float32)
net = Net(rng)

for step in range(36):
    if step == 11:
        net.cfg["lr"] = 0.02
    if step == 15:
        net.masks[1] = 0.0
    if step == 19:
        net.cfg.update(act="relu")
    if step == 23:
        net.masks.append(0.5)
    if step == 27:
        net.history.clear()
    if step == 31:
        del net.cfg["lr"]
    i = (step * 8) % 56
    loss = net.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(net.history))

print("final", repr(float(tf.reduce_sum(net.w1))), repr(float(tf.reduce_sum(net.w2))))
print("state", dict(net.cfg), list(net.masks), list(net.history)[-3:], len(net.trainable_variables))
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))
