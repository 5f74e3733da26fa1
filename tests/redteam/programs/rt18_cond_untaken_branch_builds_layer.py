"""Probes: tf.cond whose untaken branch would build a lazy Keras layer.

The step routes features through tf.cond(use_aux, lambda h=h: aux_head(h), lambda
h=h: main_head(h)) (default-argument lambdas, no closures).  The aux head
is a Dense layer constructed up front but never called, so it is unbuilt: eager
tf.cond runs only the branch taken, and the aux head is built (its kernel created)
only at step 18, when the loop first passes use_aux=True.  A graph build traces both
branches.  The contract says a build makes no variables: it "lets tf.function make
them outside the graph, as eager would make them at this call", then runs the call in
the interpreter, but eager would NOT make them at this call: the branch is not taken.
The loop prints per step whether the aux head is built and how many weights it has;
the parameters are updated by hand (assign_sub) so the set of trained variables
follows the heads' weights."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1809)
rng = np.random.default_rng(1809)

XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = (np.tanh(XS[:, :3]).sum(axis=1, keepdims=True)).astype(np.float32)

BODY = keras.layers.Dense(8, activation="tanh")
BODY.build((None, 6))
MAIN_HEAD = keras.layers.Dense(1)
MAIN_HEAD.build((None, 8))
AUX_HEAD = keras.layers.Dense(1, kernel_initializer="ones")


def main_head(h):
    return MAIN_HEAD(h)


def aux_head(h):
    return AUX_HEAD(h) * 0.25


def params():
    return BODY.trainable_variables + MAIN_HEAD.trainable_variables + AUX_HEAD.trainable_variables


def train_step(x, y, use_aux):
    with tf.GradientTape() as tape:
        h = BODY(x)
        out = tf.cond(use_aux, lambda h=h: aux_head(h), lambda h=h: main_head(h))
        loss = tf.reduce_mean(tf.square(out - y))
    vs = params()
    grads = tape.gradient(loss, vs)
    for g, v in zip(grads, vs):
        if g is not None:
            v.assign_sub(0.05 * g)
    return loss


for step in range(30):
    use_aux = step >= 18 and step % 3 == 0
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(use_aux))
    print(step, repr(float(loss)), "aux built", AUX_HEAD.built, "aux weights", len(AUX_HEAD.weights))

print(json.dumps({
    "main_kernel": [repr(float(v)) for v in MAIN_HEAD.kernel.numpy().ravel()],
    "aux_built": AUX_HEAD.built,
    "aux_kernel": [repr(float(v)) for v in AUX_HEAD.kernel.numpy().ravel()] if AUX_HEAD.built else None,
    "n_params": len(params()),
}))
