"""Curriculum loss weighting: the step computes the curriculum stage as a tensor
(`tf.minimum(epoch_t // 3, 2)`) and picks the stage's loss with
`tf.switch_case(stage, [(1, medium), (2, hard), (0, easy)])`: a list of (key, fn) pairs
kept in the order the config file listed them.  tf.switch_case sorts the pairs by key, so
stage k runs the k-th stage's function.  The stage functions are nested functions over
the step's locals (the per-example errors and a margin that the caller changes at step
16).  Probes: tf.switch_case given (int, fn) pairs out of order."""
import random

import numpy

random.seed(4308)
numpy.random.seed(4308)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4308)
rng = np.random.default_rng(4308)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + 0.1 * XS[:, 1:2]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.Adam(learning_rate=0.01)
MARGIN = 0.1


def train_step(x, y, epoch_t):
    stage = tf.minimum(epoch_t // 3, 2)
    with tf.GradientTape() as tape:
        err = tf.tanh(x @ W1) @ W2 - y

        def easy():
            return tf.reduce_mean(tf.square(err))

        def medium():
            return tf.reduce_mean(tf.abs(err))

        def hard():
            return tf.reduce_mean(tf.nn.relu(tf.abs(err) - MARGIN))

        loss = tf.switch_case(stage, [(1, medium), (2, hard), (0, easy)])
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, stage


for step in range(30):
    if step == 16:
        MARGIN = 0.02
    i = (step * 16) % 112
    loss, stage = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]), tf.constant(step // 2))
    print(step, int(stage), repr(float(loss)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
