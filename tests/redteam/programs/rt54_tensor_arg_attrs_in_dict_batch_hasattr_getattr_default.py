"""A data loader hangs per-batch metadata on the tensors it yields, as Python attributes of
the EagerTensor objects: some label tensors get `y.weight` (a float, different per batch),
some input tensors get `x.hard = True`, and every third batch gets `x.source` (a str).
Batches are dicts {"x": ..., "y": ...}.  The step reads getattr(batch["y"], "weight", 1.0),
hasattr(batch["x"], "hard"), getattr(batch["x"], "source", "clean") and len(vars(x)), and
scales the loss with them; it records the sources it saw in a global list.
Probes: Python attributes on tensor arguments (new tensor objects each call, so their
attribute values are per call, not per graph): getattr with a default, hasattr and vars()
of the caller's tensors inside a dict argument."""
import random

import numpy

random.seed(5418)
numpy.random.seed(5418)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5418)
rng = np.random.default_rng(5418)
XS = rng.normal(size=(88, 4)).astype(np.float32)
YS = (XS @ np.array([[0.6], [-0.2], [0.9], [0.3]], np.float32)).astype(np.float32)

W = tf.Variable(tf.zeros((4, 1)))
SOURCES = []
LR = 0.05


def make_batch(step):
    i = (step * 8) % 80
    x = tf.constant(XS[i:i + 8])
    y = tf.constant(YS[i:i + 8])
    if step >= 8 and step % 4 == 1:
        y.weight = 0.5 + 0.25 * (step % 3)
    if step >= 14 and step % 5 in (0, 2):
        x.hard = True
    if step % 3 == 0 and step >= 20:
        x.source = "aug%d" % (step % 2)
    return {"x": x, "y": y}


def train_step(batch):
    x = batch["x"]
    w = getattr(batch["y"], "weight", 1.0)
    if hasattr(x, "hard"):
        w = w * 2.0
    src = getattr(x, "source", "clean")
    SOURCES.append(src)
    nattr = len(vars(x))
    with tf.GradientTape() as tape:
        loss = w * tf.reduce_mean(tf.square(tf.matmul(x, W) - batch["y"]))
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(LR * g)
    return loss, w, src, nattr


for step in range(36):
    batch = make_batch(step)
    try:
        loss, w, src, nattr = train_step(batch)
        print(step, repr(float(loss)), repr(w), src, nattr)
    except Exception as e:
        print(step, "error", type(e).__name__, e)
del batch

print(json.dumps({"w": [repr(float(a)) for a in W.numpy().ravel()], "sources": SOURCES}))
