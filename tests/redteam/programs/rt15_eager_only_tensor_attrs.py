"""Probe: tensor attributes and protocol calls whose eager answer is an exception (or
an eager-only value), asked inside the step and acted on.

The step asks about its intermediate tensors: `getattr(pred, "name", "<eager>")`,
`hasattr(pred, "op")`, `hasattr(pred, "graph")`, `pred.device`, `hash(pred)` (eager:
TypeError "Tensor is unhashable..."), `len(loss)` of a scalar (TypeError), `bool(pred)`
of a vector (ValueError), `iter(loss)` (TypeError), `pred.set_shape([3, 1])` (ValueError
for an (8, 1) tensor). It catches each error, records its type and message, and uses the
answers: the loss weight is 1.0 only when pred has no `.op` and its name is "<eager>".
Eager's EagerTensor raises AttributeError for .name/.op/.graph; a symbolic graph
tensor has them (name "add:0", an Operation, a FuncGraph) and an empty device string,
and its len/iter/bool errors are other errors (or it makes assertions). Mechanism:
EAFP code (try/except, getattr defaults, hasattr) on tensors whose eager and symbolic
answers differ."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1522)
rng = np.random.default_rng(1522)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
SEEN = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = x @ W + 0.0
        name = getattr(pred, "name", "<eager>")
        has_op = hasattr(pred, "op")
        has_graph = hasattr(pred, "graph")
        dev = pred.device.split("/")[-1] if pred.device else "<none>"
        weight = 1.0 if (not has_op and name == "<eager>") else 3.0
        loss = tf.reduce_mean(tf.square(pred - y)) * weight
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    errs = []
    try:
        hash(pred)
        errs.append("hash ok")
    except TypeError as e:
        errs.append("hash TypeError " + str(e))
    try:
        errs.append("len %d" % len(loss))
    except TypeError as e:
        errs.append("len TypeError " + str(e))
    try:
        errs.append("bool %s" % bool(pred))
    except ValueError as e:
        errs.append("bool ValueError " + str(e)[:40])
    except TypeError as e:
        errs.append("bool TypeError " + str(e)[:40])
    try:
        iter(loss)
        errs.append("iter ok")
    except TypeError as e:
        errs.append("iter TypeError " + str(e))
    try:
        pred.set_shape([3, 1])
        errs.append("set_shape ok")
    except ValueError as e:
        errs.append("set_shape ValueError " + str(e))
    SEEN.append((name, has_op, has_graph, dev) + tuple(errs))
    return loss


for step in range(28):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(round(float(loss), 6)), SEEN[-1][:4])

print(json.dumps({"distinct_answers": [list(map(str, a)) for a in sorted(set(SEEN), key=str)],
                  "W": [round(float(v), 6) for v in W.numpy().ravel()]}))
