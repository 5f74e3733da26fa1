"""An auxiliary head is looked up lazily inside a tf.cond branch
(`tf.cond(hard, lambda: HEADS["aux"](h), zero_aux)`), and the step catches KeyError
around the tf.cond to fall back to "no auxiliary loss" while the head does not exist
yet.  The loop registers the head at step 16.

Eager tf.cond calls only the branch its predicate picks: the KeyError happens only on
the steps whose batch is "hard" (loss above a threshold) before step 16; on easy
steps nothing is raised and the zero branch runs.  A graph builds both branches, so
the KeyError would be raised while building at every call before step 16; routed to
the step's own `except KeyError` handler and built into the graph, it would send
every call (easy ones too) down the fallback path.  The fallback counter, the
printed paths and the weights would differ.
Probes: exceptions raised while building a library cond's untaken branch, caught by
the step's handler."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3131)
rng = np.random.default_rng(3131)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)) * 1.5).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 6)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3)
AUX_W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.03)
HEADS = {}
STATS = {"fallbacks": 0, "paths": []}


def aux_head(h):
    return h @ AUX_W


def zero_aux():
    return tf.zeros((8, 1))


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        pred = h @ W2
        main = tf.reduce_mean(tf.square(pred - y))
        try:
            aux = tf.cond(main > 2.5, lambda: HEADS["aux"](h), zero_aux)
            path = "cond"
        except KeyError:
            aux = tf.zeros((8, 1))
            path = "fallback"
            STATS["fallbacks"] += 1
        loss = main + 0.1 * tf.reduce_mean(tf.square(aux - y))
    variables = [W1, W2, AUX_W]
    grads = tape.gradient(loss, variables)
    grads = [tf.zeros_like(v) if g is None else g for g, v in zip(grads, variables)]
    OPT.apply_gradients(zip(grads, variables))
    STATS["paths"].append(path)
    return loss, main


for step in range(32):
    if step == 16:
        HEADS["aux"] = aux_head
    i = (step * 8) % 88
    loss, main = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(main)), STATS["paths"][-1])

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "AUX_W": [repr(float(v)) for v in AUX_W.numpy().ravel()],
    "fallbacks": STATS["fallbacks"],
    "paths": STATS["paths"],
    "iterations": int(OPT.iterations.numpy()),
}))
