"""Per-phase "resources" (plain Python objects whose __del__ prints a line and
bumps a global counter) are swapped by the training step itself: every 5th call it
replaces STATE.current with the next resource popped from a queue, and every 7th call
it deletes the oldest entry of a CACHE dict; both drop the last reference, so in
CPython __del__ runs at that statement, between the step's "begin" and "end" prints,
and the "end" line shows the bumped counter.  Every 10 steps the loop also drops a
pair of resources that reference each other and calls gc.collect(), which runs their
__del__ there.

Probes: the order of output and effects when a deferred Python write frees an object.
A converter that replays the step's prints and then its writes (or writes first, then
prints) at commit moves the "[del ...]" lines relative to "begin"/"end", and the
counter read by the "end" line is stale; one whose guards pin the replaced object keeps
it alive and prints its __del__ later (or never).
"""
import gc
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1414)
rng = np.random.default_rng(1414)

FREED = {"n": 0}


class Resource:
    def __init__(self, name, weight):
        self.name = name
        self.weight = weight
        self.peer = None

    def __del__(self):
        FREED["n"] += 1
        print("  [del %s]" % self.name)


class State:
    pass


STATE = State()
STATE.calls = 0
STATE.current = Resource("phase0", 1.0)
QUEUE = [Resource("phase%d" % i, 1.0 + 0.25 * i) for i in range(1, 10)]
CACHE = {i: Resource("cache%d" % i, 0.0) for i in range(6)}

N_STEPS = 36
XS = rng.normal(size=(N_STEPS, 8, 3)).astype(np.float32)
YS = (XS[:, :, :1] - 0.5 * XS[:, :, 2:]).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32), name="W")
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    STATE.calls += 1
    print("step %d begin (current=%s)" % (STATE.calls, STATE.current.name))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * STATE.current.weight
    OPT.apply_gradients([(tape.gradient(loss, W), W)])
    if STATE.calls % 5 == 0:
        STATE.current = QUEUE.pop(0)
    if STATE.calls % 7 == 0:
        del CACHE[min(CACHE)]
    print("step %d end loss=%.6f freed=%d" % (STATE.calls, float(loss), FREED["n"]))
    return loss


for step in range(N_STEPS):
    train_step(tf.constant(XS[step]), tf.constant(YS[step]))
    if step % 10 == 9:
        a = Resource("cycA%d" % step, 0.0)
        b = Resource("cycB%d" % step, 0.0)
        a.peer, b.peer = b, a
        del a, b
        print("collect at", step)
        gc.collect()
        print("collected, freed=%d" % FREED["n"])

summary = {
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "current": STATE.current.name,
    "queue": [r.name for r in QUEUE],
    "cache": sorted(CACHE),
    "freed_before_cleanup": FREED["n"],
}
print("cleanup")
STATE.current = None
QUEUE.clear()
CACHE.clear()
gc.collect()
summary["freed"] = FREED["n"]
print(json.dumps(summary))
