"""C-implemented callables that hold or read mutable state: functools.partial whose
`keywords` dict is mutated in place, operator.itemgetter / attrgetter applied to
mutated objects, a stored bound `dict.get`, and map/filter over a global list.

  LOSS = functools.partial(weighted_huber, delta=1.0, weight=1.0)
  step 12: LOSS.keywords["delta"] = 0.25   (same partial object, new keyword value)
  step 16: HP["wd"] = 0.01                 (GET_HP = itemgetter("lr", "wd") reads it)
  step 20: OPTS.momentum_like = 0.5        (attrgetter on a SimpleNamespace)
  step 24: LOOKUP_SCALE is SCALES.get; SCALES["w2"] = 0.5
  step 28: FLAGS[1] = 1                    (filter(None, FLAGS) keeps one more)
  step 32: LOSS.keywords["weight"] = 2.0
None of these objects is rebound: their identities never change. A converter that calls
them natively at build time and guards only the callable's identity keeps delta=1.0,
wd=0, the old scales and flags: losses, printed values and weights differ from eager.
"""
import functools
import operator
import random
import types

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(818)


def weighted_huber(y, p, delta, weight):
    return weight * tf.reduce_mean(tf.keras.losses.huber(y, p, delta=delta))


LOSS = functools.partial(weighted_huber, delta=1.0, weight=1.0)
HP = {"lr": 0.07, "wd": 0.0}
GET_HP = operator.itemgetter("lr", "wd")
OPTS = types.SimpleNamespace(momentum_like=0.0)
GET_MOM = operator.attrgetter("momentum_like")
SCALES = {"w1": 1.0, "w2": 1.0}
LOOKUP_SCALE = SCALES.get
FLAGS = [1, 0, 0, 1]

rng = np.random.default_rng(818)
XS = rng.normal(size=(72, 4)).astype(np.float32)
YS = (3.0 * np.tanh(XS @ rng.normal(size=(4, 1)))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.5)
VEL = [tf.Variable(tf.zeros_like(W1)), tf.Variable(tf.zeros_like(W2))]


def train_step(x, y):
    lr, wd = GET_HP(HP)
    mom = GET_MOM(OPTS)
    active = list(filter(None, FLAGS))
    feat = sum(map(float, FLAGS)) / len(FLAGS)
    with tf.GradientTape() as tape:
        pred = tf.tanh(x @ W1) @ W2
        loss = LOSS(y, pred) + wd * (tf.reduce_sum(W1 * W1) + tf.reduce_sum(W2 * W2))
    grads = tape.gradient(loss, [W1, W2])
    for name, w, v, g in zip(["w1", "w2"], [W1, W2], VEL, grads):
        v.assign(mom * v + g)
        w.assign_sub(lr * LOOKUP_SCALE(name, 1.0) * feat * v)
    print("  kw", sorted(LOSS.keywords.items()), "lr/wd", repr(lr), repr(wd), "mom", repr(mom),
          "active", len(active), "feat", repr(feat), "scales", [LOOKUP_SCALE(n) for n in ("w1", "w2")])
    return loss


for step in range(36):
    if step == 12:
        LOSS.keywords["delta"] = 0.25
    if step == 16:
        HP["wd"] = 0.01
    if step == 20:
        OPTS.momentum_like = 0.5
    if step == 24:
        SCALES["w2"] = 0.5
    if step == 28:
        FLAGS[1] = 1
    if step == 32:
        LOSS.keywords["weight"] = 2.0
    i = (step * 12) % 60
    loss = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)))

print("final", [repr(float(tf.reduce_sum(v))) for v in (W1, W2, *VEL)])
print("state", LOSS.keywords, HP, OPTS, SCALES, FLAGS)
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))
