"""train_step's own mutable default arguments, mutated in place from outside.

    def train_step(x, y, hp={"lr": 0.1, "l2": 0.0}, log=[], *, box={"scale": 1.0}):

The step appends to its default `log` (the classic mutable-default accumulator) and reads
`hp` and `box`. The loop never reassigns __defaults__/__kwdefaults__ (so no function
watcher fires); it changes the objects they hold:
  step 12: train_step.__defaults__[0]["lr"] = 0.03      (dict inside the defaults tuple)
  step 16: train_step.__kwdefaults__["box"]["scale"] = 2.0
  step 21: train_step.__kwdefaults__["box"] = {"scale": 0.5}  (an item of the kwdefaults
           dict replaced: same __kwdefaults__ dict object, a new default value)
  step 25: train_step.__defaults__[1].clear()           (the default log emptied)
  step 29: train_step.__defaults__[0]["l2"] = 0.02
A converter that treats default values as constants of the function (checked only by a
function watcher) keeps lr 0.1, scale 1.0, l2 0.0, and its `len(log)` misses the clear:
printed values, losses and weights differ.
"""
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(819)

rng = np.random.default_rng(819)
XS = rng.normal(size=(60, 6)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) - XS[:, 4:5]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(6, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)


def train_step(x, y, hp={"lr": 0.1, "l2": 0.0}, log=[], *, box={"scale": 1.0}):
    with tf.GradientTape() as tape:
        pred = box["scale"] * (tf.nn.softplus(x @ W1) @ W2)
        loss = tf.reduce_mean(tf.square(pred - y)) + hp["l2"] * tf.reduce_sum(tf.square(W1))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(hp["lr"] * g1)
    W2.assign_sub(hp["lr"] * g2)
    log.append(len(log))
    print("  hp", hp, "scale", repr(box["scale"]), "log_len", len(log), "log_tail", log[-2:])
    return loss, log


for step in range(36):
    if step == 12:
        train_step.__defaults__[0]["lr"] = 0.03
    if step == 16:
        train_step.__kwdefaults__["box"]["scale"] = 2.0
    if step == 21:
        train_step.__kwdefaults__["box"] = {"scale": 0.5}
    if step == 25:
        train_step.__defaults__[1].clear()
    if step == 29:
        train_step.__defaults__[0]["l2"] = 0.02
    i = (step * 12) % 48
    loss, log = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)), log is train_step.__defaults__[1], len(log))

print("final", repr(float(tf.reduce_sum(W1))), repr(float(tf.reduce_sum(W2))))
print("defaults", train_step.__defaults__, train_step.__kwdefaults__)
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))
