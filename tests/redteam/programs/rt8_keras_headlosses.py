"""Keras-kept losses with two heads called as entry layers, switched by a Python global.

An encoder (Dense with an activity regularizer + a custom layer that calls
`self.add_loss(self.coef * ...)`) feeds one of two heads chosen by TASK. Each head is
called directly, so it is its own entry layer and clears only its own `_losses`; the head
not called keeps the loss tensors of the last call that used it. Outside the step the
loop prints `head_a.losses`, `head_b.losses` and `enc.losses` and checks that an uncalled
head still holds the very tensor objects it held (`is`).
  step 12: TASK = "b"                          (head_a's kept losses must stay as they were)
  step 16: enc.layers[1].coef = 0.5            (the program's own layer attribute)
  step 20: head_a.activity_regularizer = L2(0.1) (while head_a is not called)
  step 24: TASK = "a"                          (head_a now uses the new regularizer)
  step 28: enc.layers[0].activity_regularizer = None  (one encoder loss disappears)
  step 31: head_b.kernel.regularizer = L2(0.05)  (a weight regularizer attached to the
           variable: head_b.losses gains a term computed at read time)
  step 33: TASK = "b"
A wrong converter shows stale loss counts/values, loses the kept tensors of the uncalled
head (or replaces them), or trains with the old coefficients.
"""
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(821)


class Penalty(keras.layers.Layer):
    def __init__(self, coef, **kw):
        super().__init__(**kw)
        self.coef = coef

    def call(self, x):
        self.add_loss(self.coef * tf.reduce_mean(tf.square(x)))
        return x


enc = keras.Sequential([
    keras.layers.Dense(8, activation="tanh", activity_regularizer=keras.regularizers.L2(0.01)),
    Penalty(0.05),
])
head_a = keras.layers.Dense(1, activity_regularizer=keras.regularizers.L1(0.01), name="head_a")
head_b = keras.layers.Dense(1, name="head_b")
HEADS = {"a": head_a, "b": head_b}
TASK = "a"
opt = keras.optimizers.Adam(0.01)

rng = np.random.default_rng(821)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = (XS[:, :3].sum(axis=1, keepdims=True) * 0.5).astype(np.float32)
enc(XS[:2]); head_a(enc(XS[:2])); head_b(enc(XS[:2]))
opt.build(enc.trainable_variables + head_a.trainable_variables + head_b.trainable_variables)


def train_step(x, y):
    head = HEADS[TASK]
    with tf.GradientTape() as tape:
        h = enc(x)
        pred = head(h)
        mse = tf.reduce_mean(tf.square(pred - y))
        reg = tf.add_n(enc.losses + head.losses) if (enc.losses + head.losses) else 0.0
        loss = mse + reg
    tvars = enc.trainable_variables + head.trainable_variables
    grads = tape.gradient(loss, tvars)
    opt.apply_gradients(zip(grads, tvars))
    print("  task", TASK, "n_enc", len(enc.losses), "n_head", len(head.losses), "reg", repr(float(reg)))
    return loss, mse


def show(ls):
    return [repr(float(v)) for v in ls]


SNAP = {"a": [], "b": []}
for step in range(36):
    if step == 12:
        TASK = "b"
    if step == 16:
        enc.layers[1].coef = 0.5
    if step == 20:
        head_a.activity_regularizer = keras.regularizers.L2(0.1)
    if step == 24:
        TASK = "a"
    if step == 28:
        enc.layers[0].activity_regularizer = None
    if step == 31:
        head_b.kernel.regularizer = keras.regularizers.L2(0.05)
    if step == 33:
        TASK = "b"
    i = (step * 8) % 56
    loss, mse = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    kept_a = head_a._losses
    same_a = len(kept_a) == len(SNAP["a"]) and all(p is q for p, q in zip(kept_a, SNAP["a"]))
    SNAP = {"a": list(head_a._losses), "b": list(head_b._losses)}
    print(step, repr(float(loss)), repr(float(mse)), "enc", show(enc.losses), "a", show(head_a.losses),
          "b", show(head_b.losses), "a_kept_same", same_a, int(opt.iterations))

print("final", [repr(float(tf.reduce_sum(v))) for v in enc.weights + head_a.weights + head_b.weights])
print("names", [l.name for l in enc.layers], head_a.name, head_b.name, opt.name)
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))
