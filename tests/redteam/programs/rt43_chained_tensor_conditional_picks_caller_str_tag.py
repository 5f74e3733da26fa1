"""Loss-regime logging: the caller passes three regime tags (strs) each step, and the step
picks one with a chained conditional on tensors, `regime = tag_hi if loss > a else (tag_mid
if loss > b else tag_lo)`, stores it on the logger and returns it.  The caller checks
`LOG.regime is tag_hi` etc. and counts regimes by identity (a dict keyed by id-free
names).  In eager the stored tag is the caller's own str object.  janus merges a branch's
values by object and follows chains of such branches for tuples; a str picked by a branch
inside a branch is the probe.  Tags are fresh strs at some steps and shared constants at
others; the thresholds move at step 12.  Probes: identity of strs chosen by nested
branches on tensors."""
import random

import numpy

random.seed(4323)
numpy.random.seed(4323)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4323)
rng = np.random.default_rng(4323)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (XS.sum(axis=1, keepdims=True) > 0).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.1)
TH = [0.9, 0.7]


class Logger:
    regime = None


LOG = Logger()


def train_step(x, y, tag_hi, tag_mid, tag_lo):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=x @ W))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    regime = tag_hi if loss > TH[0] else (tag_mid if loss > TH[1] else tag_lo)
    LOG.regime = regime
    return loss, regime


COUNTS = {"hi": 0, "mid": 0, "lo": 0}
for step in range(30):
    if step == 12:
        TH[0] = 0.45
        TH[1] = 0.4
    fresh = step % 2 == 0
    hi = "".join(["h", "i"]) if fresh else "hi"
    mid = "".join(["m", "id"]) if fresh else "mid"
    lo = "".join(["l", "o"]) if fresh else "lo"
    i = (step * 16) % 112
    loss, regime = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]), hi, mid, lo)
    same = [LOG.regime is hi, LOG.regime is mid, LOG.regime is lo, regime is LOG.regime]
    COUNTS[regime] += 1
    print(step, repr(float(loss)), regime, same)

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "counts": COUNTS}))
