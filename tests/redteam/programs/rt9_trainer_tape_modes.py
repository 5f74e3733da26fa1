"""Trainer.step has no tape of its own (janus takes it over as hot code); the loop calls it
in rotating tape contexts: no tape, one tape, inside that tape's stop_recording(), two nested
tapes (one persistent), and a tape that watches only an unrelated tensor. The step branches
in Python on a tensor value (the side changes from step to step), keeps Python state on self
(a counter, the last loss tensor, a history of floats) and returns intermediates. Janus keeps
one cache for calls under a tape and one for the others."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(251)
rng = np.random.default_rng(251)
XS = rng.normal(size=(200, 3)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 3)).astype(np.float32) * 0.5, name="W")
V = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.5, name="V")


class Trainer:
    def __init__(self):
        self.calls = 0
        self.last = None
        self.hist = []
        self.sides = ""

    def step(self, x):
        self.calls += 1
        h = tf.tanh(x @ W)
        if tf.reduce_mean(h) > 0.0:
            z = h @ V
            self.sides += "+"
        else:
            self.sides += "-"
            z = tf.sin(h) @ V * 2.0
        loss = tf.reduce_mean(tf.square(z - 0.1))
        self.last = loss
        self.hist.append(round(float(loss), 6))
        return loss, h


def show(g):
    return None if g is None else g.numpy().ravel().tolist()[:4]


T = Trainer()
UNRELATED = tf.constant(1.0)
for step in range(35):
    x = tf.constant(XS[step * 4:step * 4 + 6])
    mode = step % 5
    grads = []
    if mode == 0:
        loss, h = T.step(x)
    elif mode == 1:
        with tf.GradientTape() as tape:
            loss, h = T.step(x)
        grads = tape.gradient(loss, [W, V, h])
    elif mode == 2:
        with tf.GradientTape() as tape:
            with tape.stop_recording():
                loss, h = T.step(x)
            loss2 = loss * tf.reduce_sum(V)
        grads = tape.gradient(loss2, [W, V, h])
    elif mode == 3:
        with tf.GradientTape(persistent=True) as t1:
            with tf.GradientTape() as t2:
                t2.watch(x)
                loss, h = T.step(x)
            grads = t2.gradient(loss, [W, x])
            gsum = tf.reduce_sum(grads[0] * grads[0])
        grads = grads + t1.gradient(gsum, [W, V])
        del t1
    else:
        with tf.GradientTape(watch_accessed_variables=False) as tape:
            tape.watch(UNRELATED)
            loss, h = T.step(x)
        grads = tape.gradient(loss, [W, V, UNRELATED])
    upd = [g for g in grads[:2] if g is not None and g.shape == W.shape]
    if upd:
        W.assign_sub(0.05 * upd[0])
    print(step, mode, repr(float(loss)), T.calls, T.last is loss, T.hist[-1])
    print("   ", [show(g) for g in grads])

print(json.dumps({"W": W.numpy().ravel().tolist(), "V": V.numpy().ravel().tolist(),
                  "calls": T.calls, "hist": T.hist, "sides": T.sides}))
