"""Namedtuples made by the step and stored, namedtuple batches with a partial last batch,
and tf.nest over them.

The step receives a Batch(x, y, w) namedtuple (w: per-example weights), runs
tf.nest.map_structure on it, returns a StepOut(loss, gnorm, n, tag) namedtuple that the
loop stores in OUTS; the step also stores its previous output as TRAINER.last and
compares with it. The loop reads `_asdict()`, fields by name and index, `==` and `is`.
  every 6th step: the partial tail batch (5 rows): n = len(batch.x) changes
  step 12: Batch.w default changed (Batch.__new__.__defaults__ = (None,)) and batches made
           without w from then on (the step treats w=None as all ones)
  step 18: TAG = "ft"  (a str field the step copies into StepOut)
  step 24: OUTS.clear(); TRAINER.last = None
  step 29: StepOut = namedtuple("StepOut", "loss gnorm n tag extra", defaults=[0])
           (the global class the step instantiates is rebound to a 5-field class)
A converter that rebuilds outputs with the old class, loses identity between TRAINER.last
and the returned object, freezes n or the tag, or mishandles w=None differs from eager.
"""
import collections
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(832)

Batch = collections.namedtuple("Batch", "x y w")
StepOut = collections.namedtuple("StepOut", "loss gnorm n tag")
TAG = "pre"
OUTS = []


class Trainer:
    last = None


TRAINER = Trainer()
rng = np.random.default_rng(832)
XS = rng.normal(size=(53, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] + XS[:, 3:4]).astype(np.float32)
WS = rng.uniform(0.5, 1.5, size=(53, 1)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.5)


def train_step(batch):
    b = tf.nest.map_structure(lambda t: t if t is None else tf.convert_to_tensor(t), batch)
    n = len(b.x)
    w = tf.ones([n, 1]) if b.w is None else b.w
    with tf.GradientTape() as tape:
        pred = tf.tanh(b.x @ W1) @ W2
        loss = tf.reduce_sum(w * tf.square(pred - b.y)) / n
    grads = tape.gradient(loss, [W1, W2])
    gnorm = tf.linalg.global_norm(grads)
    W1.assign_sub(0.05 * grads[0])
    W2.assign_sub(0.05 * grads[1])
    out = StepOut(loss, gnorm, n, TAG)
    prev = TRAINER.last
    same_n = prev is not None and prev.n == out.n
    TRAINER.last = out
    print("  n", n, "tag", out.tag, "fields", len(out), "same_n", same_n, "w_none", batch.w is None)
    return out


for step in range(36):
    if step == 12:
        Batch.__new__.__defaults__ = (None,)
    if step == 18:
        TAG = "ft"
    if step == 24:
        OUTS.clear()
        TRAINER.last = None
    if step == 29:
        StepOut = collections.namedtuple("StepOut", "loss gnorm n tag extra", defaults=[0])
    if step % 6 == 5:
        sl = slice(48, 53)
    else:
        i = (step * 8) % 48
        sl = slice(i, i + 8)
    if step < 12:
        batch = Batch(XS[sl], YS[sl], WS[sl])
    else:
        batch = Batch(XS[sl], YS[sl])
    out = train_step(batch)
    OUTS.append(out)
    print(step, repr(float(out.loss)), repr(float(out[1])), out.n, out.tag, type(out) is StepOut,
          out is TRAINER.last, sorted(out._asdict()), len(OUTS), OUTS[0].n)

print("final", repr(float(tf.reduce_sum(W1))), repr(float(tf.reduce_sum(W2))))
print("outs", [(o.n, o.tag, len(o)) for o in OUTS], Batch._field_defaults)
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))
