"""Layer-wise learning-rate decay computed in the step with itertools.accumulate over a
global Python list of per-layer decay factors: accumulate(DECAYS, operator.mul,
initial=BASE) (one more item than DECAYS, the initial first), accumulate over the
reversed list without initial, and accumulate([], initial=...) (a single item).  The
gradient norms (tensors) are folded with accumulate(norms, tf.maximum) for a running
max used to clip, and accumulate(losses_py) of Python floats with the default add.  The
DECAYS list is edited between steps (an item changed at 7, appended at 13, emptied at
19 so only BASE remains, refilled at 25), and BASE is rebound at 16.  Probes:
accumulate's initial/func semantics and item order on Python numbers and tensors inside
a converted step."""
import random

import numpy

random.seed(4712)
numpy.random.seed(4712)

import itertools
import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4712)
rng = np.random.default_rng(4712)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (np.sin(XS[:, :1] * 2.0) + XS[:, 2:3]).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(8, activation="tanh"),
    keras.layers.Dense(6, activation="tanh"),
    keras.layers.Dense(4, activation="tanh"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.05)
OPT.build(MODEL.trainable_variables)
DECAYS = [0.9, 0.8, 0.7]
BASE = 1.0
RUNNING = []


def layer_factors():
    fwd = list(itertools.accumulate(DECAYS, operator.mul, initial=BASE))
    bwd = list(itertools.accumulate(reversed(DECAYS), operator.mul))
    empty = list(itertools.accumulate([], initial=BASE * 2))
    return fwd, bwd, empty


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    variables = MODEL.trainable_variables
    grads = tape.gradient(loss, variables)
    fwd, bwd, empty = layer_factors()
    norms = [tf.norm(g) for g in grads]
    run_max = list(itertools.accumulate(norms, tf.maximum))
    clip = run_max[-1]
    pairs = []
    for li, layer in enumerate(MODEL.layers):
        f = fwd[li] if li < len(fwd) else fwd[-1]
        k, b = 2 * li, 2 * li + 1
        pairs.append((grads[k] * f / tf.maximum(clip, 1.0), variables[k]))
        pairs.append((grads[b] * f, variables[b]))
    OPT.apply_gradients(pairs)
    RUNNING.append(float(loss))
    totals = list(itertools.accumulate(RUNNING[-4:]))
    print("  fwd", [repr(v) for v in fwd], "bwd", [repr(v) for v in bwd], empty)
    print("  totals", [repr(t) for t in totals], repr(float(clip)))
    return loss


for step in range(30):
    if step == 7:
        DECAYS[1] = 0.5
    if step == 13:
        DECAYS.append(0.95)
    if step == 16:
        BASE = 0.75
    if step == 19:
        DECAYS.clear()
    if step == 25:
        DECAYS.extend([1.1, 0.6])
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "running": [repr(v) for v in RUNNING[-4:]],
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
    "head": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
}))
