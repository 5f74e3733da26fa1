"""Parameter-budgeted updates: the step flattens per-layer weight lists with
itertools.chain.from_iterable(weights_of(order)) where weights_of is a generator that
prints each layer it visits, and takes variables with itertools.takewhile while the
running parameter count (a closure over a nonlocal counter) stays within BUDGET, so the
generator is never advanced to the later layers.  For comparison it also builds
itertools.chain(*weights_of(order)), whose star-unpacking drains the generator at the
call, before "star made" is printed.  It prints type names and isinstance checks of
these objects (itertools.chain, collections.abc.Iterator/Iterable).  BUDGET is edited
at steps 8 and 19, and the layer order list reversed at step 14.  Probes: laziness of
chain.from_iterable vs eager star-unpacking, nonlocal writes in a takewhile predicate."""
import random

import numpy

random.seed(4719)
numpy.random.seed(4719)

import collections.abc
import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4719)
rng = np.random.default_rng(4719)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (XS[:, :1] * 0.7 - XS[:, 4:5] * XS[:, 2:3]).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(6, activation="tanh"),
    keras.layers.Dense(6, activation="tanh"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.06)
OPT.build(MODEL.trainable_variables)
BUDGET = [45]
ORDER = [0, 1, 2]


def weights_of(order):
    for li in order:
        print("    visit layer", li)
        yield MODEL.layers[li].trainable_variables


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    variables = MODEL.trainable_variables
    grads = tape.gradient(loss, variables)
    used = 0

    def fits(v):
        nonlocal used
        used += int(np.prod(v.shape))
        return used <= BUDGET[0]

    lazy = itertools.chain.from_iterable(weights_of(ORDER))
    print("  lazy made", type(lazy).__name__, isinstance(lazy, itertools.chain),
          isinstance(lazy, collections.abc.Iterator))
    chosen = list(itertools.takewhile(fits, lazy))
    star = itertools.chain(*weights_of(ORDER))
    print("  star made", isinstance(star, collections.abc.Iterable))
    n_star = sum(1 for _ in star)
    index = {id(v): j for j, v in enumerate(variables)}
    OPT.apply_gradients([(grads[index[id(v)]], v) for v in chosen])
    print("  chosen", [v.path for v in chosen], used, n_star)
    return loss


for step in range(28):
    if step == 8:
        BUDGET[0] = 80
    if step == 14:
        ORDER.reverse()
    if step == 19:
        BUDGET[0] = 10
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
    "head": [repr(float(v)) for v in MODEL.layers[2].kernel.numpy().ravel()],
}))
