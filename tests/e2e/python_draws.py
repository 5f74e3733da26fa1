"""Draws from Python's and numpy's random generators inside converted steps
(janus/semantics/python_draws.py): the module-level `random` and `np.random` functions, a
`random.Random`, a numpy `Generator` and `RandomState` of the program's own, results of
every type janus feeds, a call whose graph fails after its draws were taken, and the
draws janus refuses.  Under janus and JANUS_MODE=off; prints lines, then one JSON
document with the results and every generator's final state."""

import json
import random

import numpy as np
import tensorflow as tf

STEPS, SWITCH = 12, 8
random.seed(3)
np.random.seed(4)
OWN = random.Random(5)
GEN = np.random.default_rng(6)
LEGACY = np.random.RandomState(7)
W = tf.Variable(np.linspace(-1.0, 1.0, 6).reshape(3, 2))
results = {}


def record(name, value):
    results.setdefault(name, []).append(
        value.numpy().tolist() if isinstance(value, tf.Tensor) else value)


def noise_step(x):
    # Every result type: float, int, bool-free arithmetic, numpy arrays of two dtypes.
    scale = 1.0 + 0.001 * random.random() + np.random.normal(0.0, 0.1)
    jitter = np.random.rand(3)
    pick = OWN.randint(0, 9)
    offset = GEN.random() + tf.reduce_sum(GEN.normal(size=(2,)))
    counts = LEGACY.randint(0, 5, size=(3,))
    loss = tf.reduce_sum(tf.matmul(x, W)) * scale
    loss = loss + tf.reduce_sum(tf.constant(jitter) * tf.reduce_mean(x, axis=0))
    loss = loss + pick + offset + tf.reduce_sum(tf.constant(counts, tf.float64))
    print(f"noise pick={pick} scale={scale!r}")
    return loss


def failing_step(x, sign):
    # The draws are taken, then the speculated branch fails at SWITCH: the generators
    # must be back where they were for the interpreter's re-run.
    draw = random.random()
    arr = np.random.uniform(-1.0, 1.0, size=(2,))
    total = tf.reduce_sum(x) * sign
    if total > -100.0:
        total = total + draw
    else:
        total = total - draw
    return total + tf.reduce_sum(tf.constant(arr))


def draw_in_arm_step(x):
    if tf.reduce_sum(x) > 0:
        return tf.reduce_sum(x) + random.random()
    return tf.reduce_sum(x)


ITEMS = [1, 2, 3, 4]


def shuffle_step(x):
    random.shuffle(ITEMS)
    return tf.reduce_sum(x) + ITEMS[0]


SYSTEM = random.SystemRandom()


def system_step(x):
    return tf.reduce_sum(x) * (1.0 + 0.0 * SYSTEM.random())


class Loaded(random.Random):
    def random(self):
        print("the program's own random()")
        return 0.25


LOADED = Loaded(8)


def subclass_step(x):
    return tf.reduce_sum(x) * LOADED.random()


data = np.random.default_rng(0)
for i in range(STEPS):
    x = tf.constant(data.normal(size=(4, 3)))
    record("noise", noise_step(x))
    record("failing", failing_step(x, 1.0 if i < SWITCH else -1e6))
    record("in_arm", draw_in_arm_step(x))
    record("shuffle", shuffle_step(x))
    system_step(x)
    record("subclass", subclass_step(x))

results["random_state"] = list(random.getstate()[1])
results["own_state"] = list(OWN.getstate()[1])
results["numpy_state"] = np.random.get_state()[1].tolist()
results["legacy_state"] = LEGACY.get_state()[1].tolist()
results["generator_state"] = GEN.bit_generator.state["state"]["state"]
results["items"] = ITEMS
results["W"] = W.numpy().tolist()
print(json.dumps(results))
