"""Live dict views and a read-only mappingproxy held in globals, read by train_step.

The program keeps KEYS = LOSS_WEIGHTS.keys(), ITEMS = LOSS_WEIGHTS.items(),
VALUES = LOSS_WEIGHTS.values() and HP = types.MappingProxyType(HPARAMS) as globals; the step
reads the dicts only through these views (never by the dicts' own names). The view and
proxy objects never change identity, but they are live: the loop mutates the dicts under
them in place.
  step 11: LOSS_WEIGHTS["l1"] = 0.05 (new key: a third loss term, len(KEYS) == 3)
  step 17: HPARAMS["lr"] = 0.02 (the proxy's lr changes)
  step 23: LOSS_WEIGHTS["mse"] = 0.5 (a value changes: sum(VALUES) changes)
  step 29: del LOSS_WEIGHTS["l1"]; HPARAMS["clip"] = 0.01 ("clip" in HP turns True)
  step 34: LOSS_WEIGHTS.update(huber=0.25) (a new key appended through update)
A converter that guards the views/proxy by identity, or takes their contents once at build
time, keeps the old terms, lr and clipping: the per-step losses, the printed key lists and
the final weights differ from eager.
"""
import random
import types

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(811)
random.seed(811)

LOSS_WEIGHTS = {"mse": 1.0, "mae": 0.3}
HPARAMS = {"lr": 0.05}
KEYS = LOSS_WEIGHTS.keys()
ITEMS = LOSS_WEIGHTS.items()
VALUES = LOSS_WEIGHTS.values()
HP = types.MappingProxyType(HPARAMS)

LOSS_FNS = {
    "mse": lambda y, p: tf.reduce_mean(tf.square(y - p)),
    "mae": lambda y, p: tf.reduce_mean(tf.abs(y - p)),
    "l1": lambda y, p: tf.reduce_mean(tf.abs(W1)),
    "huber": lambda y, p: tf.reduce_mean(tf.keras.losses.huber(y, p)),
}

rng = np.random.default_rng(811)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = (XS @ rng.normal(size=(6, 1)) + 0.1 * rng.normal(size=(64, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(6, 8)).astype(np.float32) * 0.4, name="w1")
B1 = tf.Variable(np.zeros(8, np.float32), name="b1")
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4, name="w2")
VARS = [W1, B1, W2]


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = tf.tanh(x @ W1 + B1) @ W2
        terms = {}
        for name, w in ITEMS:
            terms[name] = w * LOSS_FNS[name](y, pred)
        loss = sum(terms.values())
    grads = tape.gradient(loss, VARS)
    if "clip" in HP:
        grads = [tf.clip_by_value(g, -HP["clip"], HP["clip"]) for g in grads]
    for v, g in zip(VARS, grads):
        v.assign_sub(HP["lr"] * g)
    print("  keys", len(KEYS), list(KEYS), "wsum", repr(sum(VALUES)), "has_l1", "l1" in KEYS,
          "hp", dict(HP))
    return loss, terms


for step in range(36):
    if step == 11:
        LOSS_WEIGHTS["l1"] = 0.05
    if step == 17:
        HPARAMS["lr"] = 0.02
    if step == 23:
        LOSS_WEIGHTS["mse"] = 0.5
    if step == 29:
        del LOSS_WEIGHTS["l1"]
        HPARAMS["clip"] = 0.01
    if step == 34:
        LOSS_WEIGHTS.update(huber=0.25)
    i = (step * 8) % 56
    loss, terms = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), [(k, repr(float(t))) for k, t in terms.items()],
          type(terms).__name__)

print("final", [repr(float(tf.reduce_sum(v))) for v in VARS])
print("views", list(ITEMS), repr(sum(VALUES)), dict(HP), type(KEYS).__name__, type(HP).__name__)
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))
