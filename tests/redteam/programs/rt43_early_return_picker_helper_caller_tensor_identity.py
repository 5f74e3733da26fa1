"""A scheduled-sampling decoder step: a helper `pick_inputs(gold, model_prev, noise,
score)` chooses the decoder inputs with early returns on tensor conditions (return the
model's previous outputs if the score is high, the noised inputs if it is medium,
otherwise the gold inputs).  The step trains on the result and keeps it
(`SS.inputs = chosen`); the caller checks which of its tensors was used by identity to
decide what to feed next time.  Eager returns the caller's object from whichever return
ran.  The helper's early returns are branches inside branches.  The score threshold is a
global the caller lowers at step 12.  Probes: identity of caller tensors returned from
nested early returns in an inlined helper."""
import random

import numpy

random.seed(4326)
numpy.random.seed(4326)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4326)
rng = np.random.default_rng(4326)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 3:4]).astype(np.float32)
NOISY = (XS + rng.normal(size=XS.shape) * 0.2).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.05)
CUT = {"high": 3.0, "mid": 2.0}


class Sampling:
    inputs = None


SS = Sampling()


def pick_inputs(gold, prev, noisy, score):
    if score > CUT["high"]:
        return prev
    if score > CUT["mid"]:
        return noisy
    return gold


def train_step(gold, prev, noisy, y):
    score = tf.reduce_mean(tf.abs(gold @ W - y))
    chosen = pick_inputs(gold, prev, noisy, score)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(chosen @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    SS.inputs = chosen
    return loss, score


prev = tf.constant(XS[:16])
for step in range(30):
    if step == 12:
        CUT["high"] = 1.2
        CUT["mid"] = 0.9
    i = (step * 16) % 112
    gold, noisy = tf.constant(XS[i:i + 16]), tf.constant(NOISY[i:i + 16])
    loss, score = train_step(gold, prev, noisy, tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), repr(float(score)), SS.inputs is gold, SS.inputs is prev, SS.inputs is noisy)
    prev = gold

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
