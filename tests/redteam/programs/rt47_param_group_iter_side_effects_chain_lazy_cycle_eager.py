"""Parameter groups as a small class whose __iter__ prints and counts (a side effect),
consumed in the step through itertools objects made there: chain(g0, g1) calls iter() on
each group only when it reaches it (after the "chain made" line, g1's only after g0 is
exhausted), while cycle(), zip_longest() and islice() call iter() on their arguments at
construction.  The groups' per-group coefficients come from cycle(COEFS) zipped with the
chained variables.  Mid-run the COEFS list is edited (step 9), the GROUPS list is
reordered (step 16) and a group's variable list shrinks (step 23).  Probes: the order of
__iter__ side effects relative to the step's prints for each itertools constructor, and
Python writes made inside __iter__."""
import random

import numpy

random.seed(4704)
numpy.random.seed(4704)

import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4704)
rng = np.random.default_rng(4704)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS.sum(axis=1, keepdims=True)).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((4,)),
    keras.layers.Dense(6, activation="tanh", name="a"),
    keras.layers.Dense(4, activation="tanh", name="b"),
    keras.layers.Dense(1, name="c"),
])
OPT = keras.optimizers.SGD(learning_rate=0.1)
OPT.build(MODEL.trainable_variables)


class ParamGroup:
    def __init__(self, name, variables):
        self.name = name
        self.variables = list(variables)
        self.iters = 0

    def __iter__(self):
        self.iters += 1
        print("    iter", self.name, self.iters)
        return iter(self.variables)


GROUPS = [ParamGroup("first", MODEL.layers[0].trainable_weights),
          ParamGroup("second", MODEL.layers[1].trainable_weights),
          ParamGroup("head", MODEL.layers[2].trainable_weights)]
COEFS = [1.0, 0.5]


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        loss = tf.reduce_mean(tf.square(pred - y))
    chained = itertools.chain(GROUPS[0], GROUPS[1])
    print("  chain made")
    first = next(chained)
    print("  first", first.path)
    rest = list(chained)
    cyc = itertools.cycle(COEFS)
    print("  cycle made")
    zl = itertools.zip_longest(GROUPS[0], GROUPS[2], fillvalue=None)
    print("  zip_longest made")
    isl = itertools.islice(GROUPS[2], 1)
    print("  islice made")
    chosen = [first] + rest + list(isl)
    pairs = list(zl)
    grads = tape.gradient(loss, chosen)
    scaled = [g * c for g, c in zip(grads, cyc)]
    OPT.apply_gradients(zip(scaled, chosen))
    print("  pairs", [(a.path if a is not None else None, b.path if b is not None else None)
                      for a, b in pairs])
    return loss, len(chosen)


for step in range(30):
    if step == 9:
        COEFS.append(0.25)
    if step == 16:
        GROUPS.reverse()
    if step == 23:
        GROUPS[0].variables.pop()
    i = (step * 8) % 56
    loss, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), n, [g.iters for g in GROUPS])

print(json.dumps({
    "iters": {g.name: g.iters for g in GROUPS},
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
    "c": [repr(float(v)) for v in MODEL.layers[2].kernel.numpy().ravel()],
}))
