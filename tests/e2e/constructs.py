"""Constructs real programs use in their steps
(docs/coverage.md#arguments-and-constructs): getattr with a
constant name (guarded like `a.b`, and followed when the attribute changes), namedtuple
batches (a new batch object every call), the namedtuple's fields unpacked, `del
obj.attr`, lambdas and nested functions made in the step, and lists and dicts passed
to the step that it mutates (a mutable default argument among them).  Under janus and
JANUS_MODE=off; prints one JSON document."""

import collections
import json
import sys

import numpy as np
import tensorflow as tf

STEPS, SWITCH = 10, 6
RNG = np.random.default_rng(2)
W = tf.Variable(RNG.normal(size=(3, 1)))
Batch = collections.namedtuple("Batch", "x y")
results = {}


def record(name, value):
    results.setdefault(name, []).append(value.numpy().tolist())


class Config:
    scale = 2.0


config = Config()


def getattr_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.matmul(x, W)) * getattr(config, "scale")
    tape.gradient(loss, [W])
    return loss


for i in range(STEPS):
    if i == SWITCH:
        config.scale = 0.5
    record("getattr", getattr_step(tf.constant(RNG.normal(size=(2, 3)))))


def batch_step(batch):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((tf.matmul(batch.x, W) - batch.y) ** 2)
    grads = tape.gradient(loss, [W])
    W.assign_sub(0.1 * grads[0])
    return loss


def unpacking_step(batch):
    x, y = batch
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((tf.matmul(x, W) - batch[1]) ** 2) + 0.0 * tf.reduce_sum(y)
    grads = tape.gradient(loss, [W])
    W.assign_sub(0.1 * grads[0])
    return loss


for i in range(STEPS):
    batch = Batch(tf.constant(RNG.normal(size=(4, 3))), tf.constant(RNG.normal(size=(4, 1))))
    record("batch", batch_step(batch))
    record("unpacking", unpacking_step(batch))


class Holder:
    pass


holder = Holder()


def del_step(x):
    """`del self.x`: deferred like a write; the attribute it deletes is guarded."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.matmul(x, W)) * holder.pending
    del holder.pending
    tape.gradient(loss, [W])
    return loss


for i in range(STEPS):
    holder.pending = 1.0 if i < SWITCH else 3.0
    record("del", del_step(tf.constant(RNG.normal(size=(2, 3)))))
results["del_left"] = sorted(vars(holder))


def scale_by(v, factor=2.0):
    return v * factor


def lambda_step(x):
    """Lambdas and nested functions made in the step (no closure over its locals)."""
    square = lambda t: t * t                      # noqa: E731
    def shifted(t, by=0.5):
        return t + by
    pick = scale_by(3.0, factor=(lambda v: -v)(-1.0))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(square(shifted(tf.matmul(x, W)))) * pick * scale_by(1.0)
    tape.gradient(loss, [W])
    return loss


for i in range(STEPS):
    record("lambda", lambda_step(tf.constant(RNG.normal(size=(2, 3)))))



def default_step(x, history=[]):                  # noqa: B006 (the construct under test)
    """A mutable default argument the step appends to: the very list, every call."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.matmul(x, W))
    tape.gradient(loss, [W])
    history.append(float(loss))
    return loss


LOG = {"calls": 0}
SEEN = []


def passed_step(x, log, seen):
    """A dict and a list the caller passes each call, updated by the step."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.matmul(x, W))
    tape.gradient(loss, [W])
    log["calls"] = log["calls"] + 1
    seen.append(log["calls"])
    return loss


def fresh_list_step(x, out):
    """A new list every call: eager appends to each; janus must too."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.matmul(x, W))
    tape.gradient(loss, [W])
    out.append(len(out))
    return loss


OUTS = []
for i in range(STEPS):
    x = tf.constant(RNG.normal(size=(2, 3)))
    record("default", default_step(x))
    record("passed", passed_step(x, LOG, SEEN))
    OUTS.append([7] * (i % 3))
    record("fresh_list", fresh_list_step(x, OUTS[-1]))
    if i == SWITCH:
        SEEN.clear()
results["history"] = default_step.__defaults__[0]
results["log"] = LOG
results["seen"] = SEEN
results["outs"] = OUTS


COUNTER = 0
THIS = sys.modules[__name__]


def bump():
    global COUNTER
    COUNTER = COUNTER + 1


def module_dict_step(x):
    """`global` in a helper, then the module's __dict__ read as a dict: refused (its
    entries are the globals the call's writes reach through the overlay)."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.matmul(x, W))
    tape.gradient(loss, [W])
    bump()
    return loss * THIS.__dict__["COUNTER"]


for i in range(STEPS):
    record("module_dict", module_dict_step(tf.constant(RNG.normal(size=(2, 3)))))

results["W"] = W.numpy().tolist()
print(json.dumps(results))
