"""A tf.function with input_signature [TensorSpec([None, 4])] computes
tape.batch_jacobian (pfor) of per-example sigmoid cross-entropy logits w.r.t. the
inputs, and the step adds the mean squared input-gradient as a penalty (weight 0.1 for 8
steps, then 0.5).  Batch changes 6 -> 7 at step 8; the input signature keeps one trace.
Probes: pfor batch_jacobian under an input_signature tf.function called from a step."""
import random

import numpy

random.seed(8)
numpy.random.seed(8)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(808)
rng = np.random.default_rng(808)
XS = rng.normal(size=(200, 4)).astype(np.float32)
YS = (XS[:, :1] + XS[:, 1:2] > 0).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 3)).astype(np.float32) * 0.5)
V = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.Adam(learning_rate=0.02)
LAM = 0.1


@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32),
                              tf.TensorSpec([None, 1], tf.float32)])
def input_grad_pen(x, y):
    with tf.GradientTape() as t:
        t.watch(x)
        logits = tf.nn.softplus(x @ W) @ V
        ce = tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits)
    j = t.batch_jacobian(ce, x)
    return tf.reduce_mean(tf.square(j))


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = tf.nn.softplus(x @ W) @ V
        ce = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits))
        pen = input_grad_pen(x, y)
        loss = ce + LAM * pen
    grads = tape.gradient(loss, [W, V])
    OPT.apply_gradients(zip(grads, [W, V]))
    return loss, pen


B = 6
for step in range(30):
    if step == 8:
        B = 7
        LAM = 0.5
    i = (step * 6) % 180
    loss, pen = train_step(tf.constant(XS[i:i + B]), tf.constant(YS[i:i + B]))
    print(step, repr(float(loss)), repr(float(pen)))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "V": [repr(float(v)) for v in V.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
}))
