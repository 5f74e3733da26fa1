"""The step of rt30_vectorized_map_logistic_loss_under_tape written with Keras' wrapper:
per-example losses from keras.ops.vectorized_map (Keras' TF backend calls
tf.vectorized_map, which eagerly runs its body as a tf.function of its own, with TF's
graph rewrites, and logs retracing warnings): each example's logistic loss
(sigmoid_cross_entropy_with_logits of a small tf.Variable MLP) plus a margin term; the
tape differentiates the mean.  MARGIN changes at step 12.  A handler on
tf.get_logger() counts TF's warnings.  Probes: the Keras spelling of vectorized_map,
which janus refuses when spelled tf.vectorized_map, under a converted step."""
import random

import numpy

random.seed(66)
numpy.random.seed(66)

import json
import logging

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6601)
rng = np.random.default_rng(6601)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = (XS[:, :1] + XS[:, 1:2] * 0.5 > 0.2).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 5)).astype(np.float32) * 0.5)
B = tf.Variable(np.zeros(5, np.float32))
V = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.2)
MARGIN = 0.5


class Count(logging.Handler):
    n = 0

    def emit(self, record):
        Count.n += 1


tf.get_logger().addHandler(Count())


def per_example(args):
    x, y = args
    logit = tf.tanh(x[None, :] @ W + B) @ V
    xent = tf.nn.sigmoid_cross_entropy_with_logits(labels=y[None, :], logits=logit)
    return tf.reduce_sum(xent) + 0.1 * tf.nn.relu(MARGIN - tf.abs(logit[0, 0]))


def train_step(x, y):
    with tf.GradientTape() as tape:
        losses = keras.ops.vectorized_map(per_example, (x, y))
        loss = tf.reduce_mean(losses)
    grads = tape.gradient(loss, [W, B, V])
    OPT.apply_gradients(zip(grads, [W, B, V]))
    return loss, tf.reduce_max(losses)


for step in range(30):
    if step == 12:
        MARGIN = 1.0
    i = (step * 8) % 56
    loss, mx = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(mx)), repr(float(B.numpy()[0])), Count.n)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()[:8]],
    "B": [repr(float(v)) for v in B.numpy().ravel()],
    "V": [repr(float(v)) for v in V.numpy().ravel()],
    "tf_warnings": Count.n,
}))
