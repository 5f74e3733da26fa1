"""Per-variable learning-rate multipliers hung on tf.Variables: the step reads
`getattr(v, "lr_mult", 1.0)` for each variable it updates.  The loop sets the attribute
on one variable, changes its value, deletes it, and sets an int on another.  Eager reads
each at every call; a graph that took the value at build time keeps the old one."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(5)

rng = np.random.default_rng(7)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = np.tanh(XS[:, :2].sum(axis=1, keepdims=True)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.3, name="w")
B = tf.Variable(np.zeros((1,), np.float32), name="b")
PARAMS = [W, B]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    grads = tape.gradient(loss, PARAMS)
    used = []
    for g, v in zip(grads, PARAMS):
        m = getattr(v, "lr_mult", 1.0)
        used.append(m)
        v.assign_sub(0.05 * m * g)
    return loss, used


for step in range(30):
    if step == 6:
        W.lr_mult = 0.5
    if step == 12:
        W.lr_mult = 3.0
    if step == 18:
        del W.lr_mult
    if step == 23:
        B.lr_mult = 0
    i = (step * 8) % 88
    loss, used = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [repr(m) for m in used])
print(json.dumps({"w": W.numpy().ravel().tolist(), "b": B.numpy().tolist()}))
