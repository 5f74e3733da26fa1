"""warnings.warn inside train_step, on a condition computed from the loss (a branch on a
tensor) and on Python state, recorded by the loop with warnings.catch_warnings(record=True).

Warnings are not print/logging output, but the program sees them: the recorded list,
each message's text, category, and line number, and the module's __warningregistry__
under the "default" action (a warning from one place shows once, and the registry
remembers it).
  steps 0-11:  filter "always" inside catch_warnings(record=True)
  step 12:     THRESH = 0.15 (the data-dependent warning starts firing more often)
  steps 16-23: filter "default" (dedup by text+line through the registry)
  step 20:     LEGACY = True (a DeprecationWarning from the step every call)
  steps 24+:   filter "error" for UserWarning: the warning becomes an exception the loop
               catches (the step's updates before the warn are kept, as in eager)
  step 30:     THRESH = 100.0 (no more warnings)
A converter that runs warnings.warn once at build time, or replays it after the graph
without the filters/registry semantics, or loses the raised UserWarning, shows other
counts, messages and weights.
"""
import random
import warnings

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(836)

THRESH = 1.0
LEGACY = False
rng = np.random.default_rng(836)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (np.exp(XS[:, :1] * 0.7) + XS[:, 2:3]).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.nn.softplus(x @ W1) @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.03 * g1)
    if LEGACY:
        warnings.warn("legacy scaling path", DeprecationWarning)
    if loss > THRESH:
        warnings.warn("high loss %.3f" % float(loss))
    W2.assign_sub(0.03 * g2)
    return loss


for step in range(36):
    if step == 12:
        THRESH = 0.15
    if step == 20:
        LEGACY = True
    if step == 30:
        THRESH = 100.0
    action = "always" if step < 16 else ("default" if step < 24 else "error")
    i = (step * 8) % 56
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter(action)
        warnings.simplefilter("always", DeprecationWarning)
        try:
            loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
            res = repr(float(loss))
        except UserWarning as e:
            res = "raised " + str(e)
    reg = globals().get("__warningregistry__", {})
    print(step, action, res, [(w.category.__name__, str(w.message), w.lineno) for w in rec],
          "registry", len([k for k in reg if k != "version"]))
    print("   w", repr(float(tf.reduce_sum(W1))), repr(float(tf.reduce_sum(W2))))

print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))
