"""Keras metrics updated inside the step, reset / replaced / reconfigured from outside.

The step updates every metric in the list METRICS and a loss Mean, and returns their results.
Every 8 steps (8, 16, 24, 32) the loop calls reset_state() on all of them.
Step 13: the global `acc` is rebound to a fresh SparseCategoricalAccuracy (new variables).
Step 18: a SparseTopKCategoricalAccuracy(k=3) is appended to METRICS.
Step 22: BinaryAccuracy's threshold is changed where Keras reads it (`_fn_kwargs`), 0.5 -> 0.2.
Step 27: the top-k metric's k changes 3 -> 1 the same way.
Step 30: METRICS is reversed in place (result order changes).
A wrong converter would update the old accuracy object, miss the new list entry, keep the
old threshold or k, or print results in the old order."""
import random

import numpy as np
import tensorflow as tf
import keras
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(1806)
random.seed(1806)
rng = np.random.default_rng(1806)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

model = keras.Sequential([keras.Input((64,)), keras.layers.Dense(16, activation="relu"),
                          keras.layers.Dense(10)])
opt = keras.optimizers.Adam(0.003)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
acc = keras.metrics.SparseCategoricalAccuracy(name="acc")
bacc = keras.metrics.BinaryAccuracy(name="bacc")
loss_mean = keras.metrics.Mean(name="loss_mean")
METRICS = [bacc]


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = loss_fn(y, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    acc.update_state(y, logits)
    loss_mean.update_state(loss)
    onehot = tf.one_hot(y, 10)
    probs = tf.nn.softmax(logits)
    out = []
    for m in METRICS:
        if m.name == "bacc":
            m.update_state(onehot, probs)
        else:
            m.update_state(y, logits)
        out.append((m.name, float(m.result())))
    return loss, float(acc.result()), float(loss_mean.result()), out


old_acc = acc
for step in range(38):
    if step and step % 8 == 0:
        for m in [acc, loss_mean] + METRICS:
            m.reset_state()
    if step == 13:
        acc = keras.metrics.SparseCategoricalAccuracy(name="acc_b")
    elif step == 18:
        METRICS.append(keras.metrics.SparseTopKCategoricalAccuracy(k=3, name="top"))
    elif step == 22:
        bacc._fn_kwargs["threshold"] = 0.2
    elif step == 27:
        METRICS[-1]._fn_kwargs["k"] = 1
    elif step == 30:
        METRICS.reverse()
    idx = rng.integers(0, len(X), size=16)
    loss, a, lm, out = train_step(tf.constant(X[idx]), tf.constant(Y[idx]))
    print(step, repr(float(loss)), repr(a), repr(lm), [(n, repr(v)) for n, v in out],
          acc.name, "old", repr(float(old_acc.result())))

print("acc vars", [repr(float(v.numpy())) for v in acc.variables])
print("old vars", [repr(float(v.numpy())) for v in old_acc.variables])
print("metrics", [(m.name, [repr(float(v.numpy())) for v in m.variables]) for m in METRICS])
for v in model.trainable_variables:
    print("ck", v.path, repr(float(np.sum(np.abs(v.numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
