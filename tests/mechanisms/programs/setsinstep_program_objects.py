"""A step gathers the program's hook objects (a plain class: hashed by identity) into
a set according to their `enabled` flags, calls the active ones in name order, and
keeps the set while the call runs (its order follows the objects' addresses, which
differ from run to run, so the program prints only what does not depend on them); the
loop disables one hook at step 7 and replaces another by a new object at step 12."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(33)
rng = np.random.default_rng(33)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = rng.normal(size=(40, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
opt = keras.optimizers.SGD(0.1)


class Hook:
    def __init__(self, name, weight):
        self.name, self.weight, self.enabled = name, weight, True


HOOKS = [Hook("l2", 0.01), Hook("l1", 0.005), Hook("mean", 0.1)]


class State:
    names = None
    held = None


def train_step(x, y):
    active = {h for h in HOOKS if h.enabled}
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
        for hook in sorted(active, key=lambda h: h.name):
            if hook.name == "l2":
                loss = loss + hook.weight * tf.reduce_sum(tf.square(W))
            elif hook.name == "l1":
                loss = loss + hook.weight * tf.reduce_sum(tf.abs(W))
            else:
                loss = loss + hook.weight * tf.reduce_mean(W)
    opt.apply_gradients([(tape.gradient(loss, W), W)])
    State.names = frozenset(h.name for h in active)
    held = 0
    for h in active:
        for k in HOOKS:
            if h is k:
                held += 1
    State.held = len(active), held
    return loss


for step in range(20):
    if step == 7:
        HOOKS[1].enabled = False
    if step == 12:
        HOOKS[2] = Hook("mean", 0.2)
    i = (step * 4) % 36
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, round(float(loss), 5), sorted(State.names), State.held)

print(json.dumps({"W": [round(float(v), 5) for v in W.numpy().ravel()]}))
