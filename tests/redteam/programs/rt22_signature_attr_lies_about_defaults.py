"""Probes how janus binds the arguments of an inlined helper.  CPython binds a call from
the code object and the function's own __defaults__/__kwdefaults__; it never consults
the function's `__signature__` attribute (only `inspect.signature` does).  The step
calls two helpers with some parameters left to their defaults: `l2_term(w)` and
`smooth(x, *, tau=...)`.  At step 2 (before the first build) the loop sets
`l2_term.__signature__` to a Signature whose `coef` default is 0.5 and
`smooth.__signature__` to one whose `tau` default is 4.0 -- lies that eager ignores.
At step 11 and step 23 it rewrites the lies (other defaults) and also changes the
global COEF2, which forces a rebuild, so a build that binds through
inspect.signature() would bake the lying defaults into the graph.  Eager keeps using
coef=0.01 and tau=1.0 throughout; a graph that followed __signature__ would give
different losses from its first graph call on."""
import inspect
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2201)
np.random.seed(2201)
keras.utils.set_random_seed(2201)
rng = np.random.default_rng(2201)

XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (np.tanh(XS @ rng.normal(size=(6, 1))) + 0.1 * rng.normal(size=(96, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(6, 10)).astype(np.float32) * 0.3, name="W1")
B1 = tf.Variable(np.zeros(10, np.float32), name="B1")
W2 = tf.Variable(rng.normal(size=(10, 1)).astype(np.float32) * 0.3, name="W2")
OPT = keras.optimizers.Adam(learning_rate=0.02)
COEF2 = 0.001


def l2_term(w, coef=0.01):
    return coef * tf.reduce_sum(tf.square(w))


def smooth(x, *, tau=1.0):
    return tau * tf.math.softplus(x / tau)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = smooth(x @ W1 + B1)
        pred = h @ W2
        mse = tf.reduce_mean(tf.square(pred - y))
        loss = mse + l2_term(W1) + l2_term(W2, COEF2)
    grads = tape.gradient(loss, [W1, B1, W2])
    OPT.apply_gradients(zip(grads, [W1, B1, W2]))
    return loss, mse


def lie(fn, **defaults):
    sig = inspect.signature(fn)
    params = [p.replace(default=defaults.get(p.name, p.default)) for p in sig.parameters.values()]
    fn.__signature__ = sig.replace(parameters=params)


for step in range(36):
    if step == 2:
        lie(l2_term, coef=0.5)
        lie(smooth, tau=4.0)
    if step == 11:
        lie(l2_term, coef=2.0)
        lie(smooth, tau=0.25)
        COEF2 = 0.002
    if step == 23:
        lie(l2_term, coef=0.0)
        COEF2 = 0.004
    i = (step * 16) % 80
    loss, mse = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), repr(float(mse)), str(inspect.signature(l2_term)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "B1": [repr(float(v)) for v in B1.numpy().ravel()],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
    "coef_default": l2_term.__defaults__,
    "tau_default": smooth.__kwdefaults__,
}))
