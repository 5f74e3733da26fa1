"""Mixture-of-experts fine-tuning where a hard router picks one expert per batch with
`tf.case(pairs, default=shared, exclusive=True)`: the pairs are `(score_k > THRESH,
lambda: expert_k(h))` and the default is a shared expert.  When two router scores pass the
threshold, eager's tf.case raises InvalidArgumentError from its exclusivity assertion,
and the step catches it, counts an "ambiguous" batch and trains the shared expert.
janus documents tf.case's asserts for `exclusive=True` with no default; here a default is
given, where eager checks every predicate.  The threshold drops at step 12 so that
ambiguous batches start only after the step has been converted.  Probes: tf.case
exclusive=True with a default, the branches lambdas over the step's locals."""
import random

import numpy

random.seed(4304)
numpy.random.seed(4304)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4304)
rng = np.random.default_rng(4304)
XS = rng.normal(size=(160, 6)).astype(np.float32)
YS = np.tanh(XS[:, :2].sum(axis=1, keepdims=True)).astype(np.float32)
ROUTER = tf.Variable(rng.normal(size=(6, 3)).astype(np.float32) * 0.5)
EXPERTS = [tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3) for _ in range(3)]
SHARED = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
THRESH = 0.9
COUNTS = {"expert0": 0, "expert1": 0, "expert2": 0, "ambiguous": 0}


def train_step(x, y):
    scores = tf.reduce_mean(tf.sigmoid(x @ ROUTER), axis=0)
    with tf.GradientTape() as tape:
        try:
            pred = tf.case(
                [(scores[0] > THRESH, lambda: x @ EXPERTS[0]),
                 (scores[1] > THRESH, lambda: x @ EXPERTS[1]),
                 (scores[2] > THRESH, lambda: x @ EXPERTS[2])],
                default=lambda: x @ SHARED, exclusive=True)
            tag = "routed"
        except tf.errors.InvalidArgumentError:
            pred = x @ SHARED
            tag = "ambiguous"
        loss = tf.reduce_mean(tf.square(pred - y))
    variables = EXPERTS + [SHARED]
    grads = tape.gradient(loss, variables, unconnected_gradients=tf.UnconnectedGradients.ZERO)
    OPT.apply_gradients(zip(grads, variables))
    if tag == "ambiguous":
        COUNTS["ambiguous"] += 1
    return loss, scores, tag


for step in range(30):
    if step == 12:
        THRESH = 0.5
    i = (step * 16) % 144
    loss, scores, tag = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, tag, repr(float(loss)), [repr(float(s)) for s in scores.numpy()])

print(json.dumps({
    "experts": [[repr(float(v)) for v in e.numpy().ravel()] for e in EXPERTS],
    "shared": [repr(float(v)) for v in SHARED.numpy().ravel()],
    "counts": COUNTS,
}))
