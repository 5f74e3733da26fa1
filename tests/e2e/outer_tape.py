"""Converted functions called while a GradientTape outside them records
(tests/e2e/test_outer_tape.py runs this in both modes, oneDNN off):

  * refused_step: calls its loss through a `functools.partial` it makes (janus does not
    convert the step), so the interpreter runs it and its tape; `weighted_loss`, which runs TF
    ops at every call, is taken over from them.  Under the step's tape its graph must
    give the tape eager's gradient: TF's own gradient of a graph call comes from the
    function's backward graph, which rounds differently (tf.function's does);
  * evaluate: calls the same `weighted_loss` with no tape: its graph runs;
  * inner_step: a training step with its own tape, converted; the loop also calls it
    inside an outer persistent tape (a gradient of its loss with respect to the
    learning-rate variable), where its graph must give eager's meta-gradient.

One JSON document last."""

import functools
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(41)
rng = np.random.default_rng(41)
W = tf.Variable(rng.normal(size=(1, 1)).astype("float32"))
V = tf.Variable(rng.normal(size=(3, 1)).astype("float32"))
LR = tf.Variable(0.1)
X3 = tf.constant(rng.normal(size=(16, 3)).astype("float32"))
Y3 = tf.constant(rng.normal(size=(16, 1)).astype("float32"))


def weighted_loss(y, logits, pos_weight):
    return tf.reduce_mean(tf.nn.weighted_cross_entropy_with_logits(y, logits, pos_weight))


def refused_step(x, y):
    with tf.GradientTape() as tape:
        loss = functools.partial(weighted_loss, pos_weight=3.0)(y, x @ W * 3.0)
    W.assign_sub(0.1 * tape.gradient(loss, W))
    return loss


def evaluate(x, y):
    return weighted_loss(y, x @ W * 3.0, 3.0)


def inner_step():
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(X3, V) - Y3))
    grad = tape.gradient(loss, V)
    moved = V - LR * grad
    return tf.reduce_mean(tf.square(tf.matmul(X3, moved) - Y3))


history = []
for i in range(24):
    x = tf.constant(rng.normal(size=(8, 1)).astype("float32"))
    y = tf.constant((rng.random((8, 1)) > 0.5).astype("float32"))
    train = refused_step(x, y)
    held_out = evaluate(x, y)
    after = inner_step()
    with tf.GradientTape() as outer:
        meta = inner_step()
    LR.assign_sub(0.01 * outer.gradient(meta, LR))
    history.append([float(train), float(held_out), float(after), float(meta)])
    print(i, [repr(v) for v in history[-1]])

print(json.dumps({"history": history, "w": W.numpy().tolist(), "lr": float(LR.numpy())}))
