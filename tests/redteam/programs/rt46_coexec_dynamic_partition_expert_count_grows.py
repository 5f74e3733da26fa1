"""A co-executed mixture-of-experts step (a router's numpy probabilities feed
np.random.choice to assign each of 12 tokens to an expert, so the step stays in the
interpreter) splits the Keras encoder's token features with `tf.dynamic_partition`,
sends each part through its own expert weight (raw tf.Variables, updated by
assign_sub; the encoder by a Keras SGD), and puts the
results back in token order with `tf.dynamic_stitch`.  Partition sizes change every
step with the sampled routes, so the gradient shapes change too.  What changes
mid-run: the number of experts grows from 2 to 3 at step 10 and to 4 at step 20 (the
router's logits are cut to the first n columns; the num_partitions attribute and the
number of outputs change).  Probes: DynamicPartition/DynamicStitch gradients in the
deferred walk with data-dependent shapes and a changing partition count; an expert
that receives no token gets a zero gradient of shape (0, ...) upstream."""
import random

import numpy

random.seed(4617)
numpy.random.seed(4617)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4617)
rng = np.random.default_rng(4617)
XS = rng.normal(size=(30, 12, 5)).astype(np.float32)
YS = rng.normal(size=(30, 12, 3)).astype(np.float32)
ENC = keras.layers.Dense(4, activation="tanh")
ROUTER = keras.layers.Dense(4)
ENC(XS[0])
ROUTER(np.zeros((1, 4), np.float32))
EXPERTS = [tf.Variable(rng.normal(size=(4, 3)).astype(np.float32) * 0.5, name="e%d" % k) for k in range(4)]
OPT = keras.optimizers.SGD(learning_rate=0.05)
STATE = {"n": 2}


def train_step(x, y):
    n = STATE["n"]
    logits = ROUTER(ENC(x)).numpy()[:, :n].astype(np.float64)
    p = np.exp(logits - logits.max(axis=1, keepdims=True))
    p = p / p.sum(axis=1, keepdims=True)
    routes = np.array([np.random.choice(n, p=row) for row in p], np.int32)
    with tf.GradientTape() as tape:
        h = ENC(x)
        parts = tf.dynamic_partition(h, routes, n)
        idx = tf.dynamic_partition(tf.range(12), routes, n)
        outs = [tf.matmul(part, EXPERTS[k]) for k, part in enumerate(parts)]
        y_hat = tf.dynamic_stitch(idx, outs)
        loss = tf.reduce_mean(tf.square(y_hat - y))
    variables = ENC.trainable_variables + EXPERTS[:n]
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads[:2], variables[:2]))
    for g, v in zip(grads[2:], variables[2:]):
        v.assign_sub(0.05 * g)
    return loss, routes, grads


for step in range(30):
    if step == 10:
        STATE["n"] = 3
    if step == 20:
        STATE["n"] = 4
    loss, routes, grads = train_step(tf.constant(XS[step]), tf.constant(YS[step]))
    counts = np.bincount(routes, minlength=STATE["n"]).tolist()
    print(step, counts, repr(float(loss)), repr(float(grads[0][2, 3])),
          [repr(float(g[1, 2])) for g in grads[2:]])

print(json.dumps({"experts": [[repr(float(v)) for v in e.numpy().ravel()] for e in EXPERTS]}))
