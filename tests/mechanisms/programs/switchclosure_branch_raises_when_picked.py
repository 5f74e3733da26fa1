"""tf.switch_case whose first branch looks up an auxiliary head that is registered only
mid-run (`HEADS["aux"]`): eagerly the KeyError is raised only on the steps that pick
that branch, and the step catches it; the graph asserts the other branches are taken,
and a step that picks the first runs in the interpreter, which raises as eager does.
(A raising branch further down the chain of branches is refused: it would sit in an
arm of another.)"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(5)
rng = np.random.default_rng(8)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
AUX = tf.Variable(rng.normal(size=(1, 1)).astype(np.float32))
HEADS = {}
OPT = keras.optimizers.SGD(0.05)
PATHS = []


def aux_head(h):
    return h @ AUX


def train_step(x, y, pick):
    with tf.GradientTape() as tape:
        h = x @ W
        try:
            extra = tf.switch_case(pick, [lambda: tf.reduce_mean(HEADS["aux"](h)),
                                          lambda: tf.reduce_mean(h) * 0.0,
                                          lambda: tf.reduce_mean(tf.abs(h))])
            PATHS.append("case")
        except KeyError:
            extra = tf.constant(0.0)
            PATHS.append("fallback")
        loss = tf.reduce_mean(tf.square(h - y)) + 0.1 * extra
    grads = tape.gradient(loss, [W, AUX])
    grads = [tf.zeros_like(v) if g is None else g for g, v in zip(grads, [W, AUX])]
    OPT.apply_gradients(zip(grads, [W, AUX]))
    return loss


for step in range(20):
    if step == 12:
        HEADS["aux"] = aux_head
    x = tf.constant(rng.normal(size=(5, 3)).astype(np.float32))
    y = tf.constant(rng.normal(size=(5, 1)).astype(np.float32))
    pick = tf.constant(0 if step in (9, 15) else 1 + step % 2)
    print(step, repr(float(train_step(x, y, pick))), PATHS[-1])
print(json.dumps([float(v).hex() for v in np.concatenate([W.numpy().ravel(), AUX.numpy().ravel()])]))
