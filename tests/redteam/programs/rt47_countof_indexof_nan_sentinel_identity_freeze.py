"""Per-variable learning-rate multipliers in a global list where one module-level NaN
object, FREEZE, marks a frozen variable.  The step counts and finds frozen entries with
operator.countOf / operator.indexOf / operator.contains / list.count / `in` (all of which
match an item that *is* FREEZE even though NaN != NaN) and decides per variable with
operator.is_ (skip) / math.isnan (another NaN object: halve) / else multiply.  Mid-run
the list gets FREEZE itself (step 7), a different NaN object (step 13), FREEZE removed
so operator.indexOf raises ValueError caught in the step (step 19), and a float equal
but not identical to an existing multiplier (step 25).  Probes: identity-before-equality
in operator's sequence functions applied to Python floats inside a converted step."""
import random

import numpy

random.seed(4706)
numpy.random.seed(4706)

import json
import math
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4706)
rng = np.random.default_rng(4706)
XS = rng.normal(size=(72, 5)).astype(np.float32)
YS = (XS[:, 1:2] - 0.5 * XS[:, 3:4] ** 2).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(7, activation="tanh"),
    keras.layers.Dense(5, activation="tanh"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.05)
OPT.build(MODEL.trainable_variables)
FREEZE = float("nan")
MULTS = [1.0, 1.0, 0.5, 0.5, 2.0, 2.0]
LOG = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    n_frozen = operator.countOf(MULTS, FREEZE)
    has = operator.contains(MULTS, FREEZE)
    n_nan = sum(1 for m in MULTS if math.isnan(m))
    try:
        first = operator.indexOf(MULTS, FREEZE)
    except ValueError as e:
        first = -1
        print("  indexOf", repr(e))
    same_two = operator.countOf(MULTS, MULTS[4])
    pairs = []
    for g, v, m in zip(grads, MODEL.trainable_variables, MULTS):
        if operator.is_(m, FREEZE):
            continue
        if math.isnan(m):
            pairs.append((g * 0.5, v))
        else:
            pairs.append((g * m, v))
    OPT.apply_gradients(pairs)
    print("  frozen", n_frozen, has, n_nan, first, same_two, MULTS.count(FREEZE),
          FREEZE in MULTS, len(pairs))
    LOG.append((n_frozen, first))
    return loss


for step in range(30):
    if step == 7:
        MULTS[1] = FREEZE
    if step == 13:
        MULTS[3] = float("nan")
    if step == 19:
        MULTS[1] = 1.0
    if step == 25:
        MULTS[5] = float("2.0")
        MULTS[0] = FREEZE
    i = (step * 8) % 64
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(MODEL.layers[0].kernel.numpy()[0, 0])))

print(json.dumps({
    "log": LOG,
    "mults": [repr(m) for m in MULTS],
    "w": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:6]],
}))
