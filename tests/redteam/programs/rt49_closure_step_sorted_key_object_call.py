"""A training step made by a factory: `make_step(model, opt, key_fn, budget)` returns a
closure that keeps a `nonlocal` call counter and reads its captured objects.  The
captured `key_fn` is a `PriorityKey` object with a logging `__call__` used as
`sorted(layers, key=key_fn)` and `min(..., key=key_fn)` to pick which layers get the
full learning rate; the captured `budget` is a `Budget` object with a logging
`__contains__` (`if step in budget:` decides whether to apply weight decay) and a
logging `__str__` printed by the step.  Between steps the loop changes the priorities
the key reads, the budget's range, and replaces `PriorityKey.__call__` on the class.
Probes: program `__call__` as a sort key, `__contains__` and `__str__` of objects captured
by a closure step with a nonlocal counter, in a converted step."""
import random

import numpy

random.seed(4934)
numpy.random.seed(4934)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4934)
rng = np.random.default_rng(4934)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (np.tanh(XS[:, :2].sum(axis=1, keepdims=True)) * 2.0).astype(np.float32)

LOG = []


class PriorityKey:
    def __init__(self, prios):
        self.prios = prios

    def __call__(self, layer):
        LOG.append(("key", layer.name))
        return self.prios.get(layer.name, 0)


class Budget:
    def __init__(self, lo, hi):
        self.lo = lo
        self.hi = hi

    def __contains__(self, step):
        LOG.append(("contains", step))
        return self.lo <= step < self.hi

    def __str__(self):
        LOG.append("str")
        return f"Budget[{self.lo},{self.hi})"


def make_step(model, opt, key_fn, budget):
    calls = 0

    def step_fn(x, y, step):
        nonlocal calls
        calls += 1
        order = sorted(model.layers, key=key_fn)
        first = min(model.layers, key=key_fn)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x) - y))
        variables = []
        for layer in order:
            variables.extend(layer.trainable_variables)
        grads = tape.gradient(loss, variables)
        scaled = []
        k = 0
        for layer in order:
            for _ in layer.trainable_variables:
                scaled.append(grads[k] * (1.0 if layer is first else 0.5))
                k += 1
        opt.apply_gradients(zip(scaled, variables))
        if step in budget:
            for v in variables:
                v.assign(v * 0.999)
        print("  budget", budget, "calls", calls)
        return loss, [layer.name for layer in order]

    return step_fn


MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="tanh", name="h1"),
                          keras.layers.Dense(3, activation="tanh", name="h2"), keras.layers.Dense(1, name="out")])
OPT = keras.optimizers.SGD(learning_rate=0.05)
KEY = PriorityKey({"h1": 2, "h2": 1, "out": 3})
BUDGET = Budget(0, 10)
STEP = make_step(MODEL, OPT, KEY, BUDGET)

for step in range(28):
    if step == 7:
        KEY.prios["out"] = 0
    if step == 12:
        BUDGET.lo, BUDGET.hi = 14, 20
    if step == 17:
        def key_neg(self, layer):
            LOG.append(("key_neg", layer.name))
            return -self.prios.get(layer.name, 0)
        PriorityKey.__call__ = key_neg
    if step == 22:
        KEY.prios = {"h2": 5}
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, names = STEP(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), names, LOG[n0:])

print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
                  "iters": int(OPT.iterations.numpy()), "log_len": len(LOG)}))
