"""A co-executed step (actions sampled with np.random.choice from the policy's
probabilities pick which feature channel (if any) a Python "occluder" masks, so the step
stays in the interpreter) guards the trunk's activations with
`tf.debugging.check_numerics(h, "trunk")` and uses an L1-like loss
`sqrt(square(h) * mask + eps)`.  TF's CheckNumerics gradient checks the incoming
gradient too.  What changes mid-run: eps drops from 1e-3 to 0.0 at step 12, so a masked
channel (square(h)*0 = 0) gives sqrt's gradient inf, times 0 = NaN, and the backward
check raises InvalidArgumentError ("... in gradient. b'trunk' : Tensor had NaN
values") inside tape.gradient.  The loop catches it, prints the text, and trains the
head alone from a second tape.  Probes: an assertion op's failure in a deferred walk,
its message, and the state the program keeps afterwards."""
import random

import numpy

random.seed(4610)
numpy.random.seed(4610)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4610)
rng = np.random.default_rng(4610)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = rng.normal(size=(64, 1)).astype(np.float32)
TRUNK = keras.layers.Dense(4, activation="tanh")
POLICY = keras.layers.Dense(4)
HEAD = keras.layers.Dense(1)
TRUNK(XS[:1])
POLICY(np.zeros((1, 4), np.float32))
HEAD(np.zeros((1, 4), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.03)
EPS = {"v": 1e-3}
LOG = []


def train_step(x, y):
    p = tf.nn.softmax(POLICY(TRUNK(x[:1])))[0].numpy().astype(np.float64)
    occluded = int(np.random.choice(4, p=p / p.sum()))
    mask = np.ones((1, 4), np.float32)
    if occluded >= 2:
        mask[0, occluded] = 0.0
    mask = tf.constant(mask)
    with tf.GradientTape() as tape:
        h = tf.debugging.check_numerics(TRUNK(x), "trunk")
        reg = tf.reduce_mean(tf.sqrt(tf.square(h) * mask + EPS["v"]))
        loss = tf.reduce_mean(tf.square(HEAD(h) - y)) + 0.1 * reg
    variables = TRUNK.trainable_variables + HEAD.trainable_variables
    try:
        grads = tape.gradient(loss, variables)
        LOG.append("ok")
    except tf.errors.InvalidArgumentError as e:
        LOG.append(str(e).splitlines()[0])
        with tf.GradientTape() as tape2:
            loss = tf.reduce_mean(tf.square(HEAD(tf.stop_gradient(TRUNK(x))) - y))
        grads = [None, None] + tape2.gradient(loss, HEAD.trainable_variables)
    pairs = [(g, v) for g, v in zip(grads, variables) if g is not None]
    OPT.apply_gradients(pairs)
    return loss, occluded, len(pairs)


for step in range(28):
    if step == 12:
        EPS["v"] = 0.0
    i = (step * 8) % 56
    loss, occ, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, occ, n, repr(float(loss)), LOG[-1], repr(float(TRUNK.kernel.numpy()[2, 1])),
          repr(float(HEAD.kernel.numpy()[3, 0])))

print(json.dumps({"log": LOG[-3:], "n_fail": sum(1 for s in LOG if s != "ok"),
                  "trunk": [repr(float(v)) for v in TRUNK.kernel.numpy().ravel()]}))
