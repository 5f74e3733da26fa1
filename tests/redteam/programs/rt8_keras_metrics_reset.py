"""Keras metric state read inside the step (`metric.result()`), reset and replaced from
outside, on sklearn's digits.

The step updates every metric in the dict METRICS and prints each `result()` and the Mean's
count variable. The loop:
  step 12: METRICS["loss"].reset_state()              (its total/count go to 0)
  step 17: METRICS["acc"] = SparseCategoricalAccuracy(name="acc2")  (a new metric object)
  step 22: METRICS["top3"] = SparseTopKCategoricalAccuracy(k=3)     (a key added)
  step 27: every metric reset in a loop
  step 31: del METRICS["loss"]; a fresh unnamed keras.metrics.Mean() is made in the
           loop (its auto-numbered name shows Keras' name counter)
A wrong converter keeps updating the old metric object, misses the reset, or shows stale
result() values; metric names, counts and results differ.
"""
import random

import keras
import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

keras.utils.set_random_seed(822)

digits = load_digits()
XS = (digits.data[:320] / 16.0).astype(np.float32)
YS = digits.target[:320].astype(np.int32)

model = keras.Sequential([keras.layers.Dense(24, activation="relu"), keras.layers.Dense(10)])
model.build((None, 64))
opt = keras.optimizers.SGD(0.1, momentum=0.5)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
METRICS = {"loss": keras.metrics.Mean(name="loss_mean"),
           "acc": keras.metrics.SparseCategoricalAccuracy()}


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = loss_fn(y, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    for key, m in METRICS.items():
        if key == "loss":
            m.update_state(loss)
        else:
            m.update_state(y, logits)
    res = {k: repr(float(m.result())) for k, m in METRICS.items()}
    print("  ", res, [m.name for m in METRICS.values()],
          int(METRICS["loss"].count) if "loss" in METRICS else -1)
    return loss


extra = None
for step in range(36):
    if step == 12:
        METRICS["loss"].reset_state()
    if step == 17:
        old_acc = METRICS["acc"]
        METRICS["acc"] = keras.metrics.SparseCategoricalAccuracy(name="acc2")
    if step == 22:
        METRICS["top3"] = keras.metrics.SparseTopKCategoricalAccuracy(k=3)
    if step == 27:
        for m in METRICS.values():
            m.reset_state()
    if step == 31:
        del METRICS["loss"]
        extra = keras.metrics.Mean()
    i = (step * 16) % 304
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), int(opt.iterations), sorted(METRICS))

print("old_acc", old_acc.name, repr(float(old_acc.result())), [v.name for v in old_acc.variables])
print("extra", extra.name, [v.name for v in extra.variables])
print("final", [repr(float(tf.reduce_sum(v))) for v in model.weights])
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))
