"""More constructs real programs use in their steps
(docs/soundness.md#deferred-output-truth-tests-slots-and-generators): print and
logging inside a branch on a tensor (a cond built from both arms, and a speculated branch
relaxed to one), bool(t), t.numpy() printed, formatted, stored and converted, writes to a
__slots__ object, a generator helper consumed by `for` and next(), and print and
logging inside loops on tensors.  Then the
constructs that stay refused, each in its own step.  Under janus and JANUS_MODE=off;
prints lines, then one JSON document."""

import json
import logging
import sys

import numpy as np
import tensorflow as tf

STEPS, SWITCH = 12, 7
RNG = np.random.default_rng(5)
W = tf.Variable(RNG.normal(size=(3, 1)))
log = logging.getLogger("train")
logging.basicConfig(level=logging.INFO, stream=sys.stdout, format="%(levelname)s:%(message)s")
results = {}


def plain(value):
    if isinstance(value, tf.Tensor):
        return value.numpy().tolist()
    if type(value) in (list, tuple):
        return [plain(v) for v in value]
    return value


def record(name, value):
    results.setdefault(name, []).append(plain(value))


def inputs():
    return tf.constant(RNG.normal(size=(2, 3)))


class Tracker:
    def __init__(self):
        self.best = 1e9


tracker = Tracker()


def cond_print_step(x):
    """Both arms print (and one logs and writes); a nested branch prints too."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.matmul(x, W))
    grads = tape.gradient(loss, [W])
    W.assign_sub(0.01 * grads[0])
    if loss > 0:
        print("positive", float(loss), f"{loss:.4f}", [loss * 2, "x"])
        if loss > 1.0:
            log.info("large loss %s", float(loss))
    else:
        print("not positive", loss, sep=" | ")
    if float(loss) < tracker.best:
        tracker.best = float(loss)
        print(f"new best {tracker.best:.6f}")
    print("after", float(loss))
    return loss


def speculated_step(x, sign):
    """Positive for the profiled calls (an assumption), negative later: relaxed to a cond."""
    loss = (tf.abs(tf.reduce_sum(tf.matmul(x, W))) + 0.1) * sign
    if loss > 0:
        print("speculated positive", float(loss))
    return loss


def bool_step(x):
    loss = tf.reduce_sum(tf.matmul(x, W))
    flag = bool(loss > 0)
    big = bool(tf.abs(loss) > 1.0)
    scale = 2.0 if big else 0.5
    return flag, big, loss * scale


HISTORY = []


def numpy_step(x):
    loss = tf.reduce_sum(tf.matmul(x, W))
    row = tf.matmul(x, W)[:, 0]
    value = loss.numpy()
    print("numpy", value, f"{value:.5f}", row.numpy(), str(value), repr(value))
    HISTORY.append(loss.numpy())
    return float(value), int(loss.numpy()), value * 2.0


class Slotted:
    __slots__ = ("best", "count")

    def __init__(self):
        self.best = 1e9
        self.count = 0


slotted = Slotted()


def slots_step(x):
    loss = tf.reduce_sum(tf.matmul(x, W))
    slotted.count = slotted.count + 1
    slotted.best = min(slotted.best, float(loss))
    return loss


class Slotted2:
    __slots__ = ("best",)


slotted2 = Slotted2()
slotted2.best = 0.0
SET_THROUGH_PROPERTY = []


def slot_guard_step(x):
    """The class's slot descriptor is replaced mid-run: the guard on it rebuilds."""
    loss = tf.reduce_sum(tf.matmul(x, W))
    slotted2.best = float(loss)
    return loss


def replace_slot():
    slot = Slotted2.__dict__["best"]
    Slotted2.best = property(slot.__get__,
                             lambda self, v: (SET_THROUGH_PROPERTY.append(v),
                                              slot.__set__(self, -v)))


def batches(x, n):
    for k in range(n):
        yield x * (k + 1), k
    print("batches done")


def pairs(x):
    yield x
    print("between yields")
    yield x * 2.0


def generator_step(x):
    total = tf.constant(0.0, tf.float64)
    with tf.GradientTape() as tape:
        for part, k in batches(x, 3):
            total += tf.reduce_sum(tf.matmul(part, W)) * (k + 1)
        parts = pairs(x)
        first = next(parts)
        print("took one")
        second = next(parts)
        rest = next(parts, None)
        total += tf.reduce_sum(tf.matmul(first + second, W))
        total += 0.01 * sum(tf.reduce_sum(v * v) for v in [W, W * 2.0])
    tape.gradient(total, [W])
    return total, rest is None


def loop_print_step(x):
    """Prints in a tensor while loop and a loop over range(<tensor>), one with a branch
    on a tensor inside: once per iteration, in order, with a carried Python number."""
    loss = tf.reduce_sum(tf.matmul(x, W))
    i = tf.constant(0)
    while i < 2:
        print("iteration", i)
        i += 1
    total, k = 0.0, 0
    for k in range(tf.cast(tf.abs(loss) * 3.0, tf.int32) % 4):
        total += 1.5
        print(f"k={k} total={total:.2f}", total, loss * k)
        if loss * k > 1.0:
            log.info("above one at %d", k)
    print("loop done", total)
    return loss


# -- kept refused ----------------------------------------------------------------------

def guarded_batches(x):
    try:
        yield x
    finally:
        print("closed")


def try_generator_step(x):
    for part in guarded_batches(x):
        return tf.reduce_sum(tf.matmul(part, W))


def signs(x):
    loss = tf.reduce_sum(tf.matmul(x, W))
    if loss > 0:
        yield loss
    yield -loss


def yield_in_branch_step(x):
    total = 0.0
    for part in signs(x):
        total = total + part
    return total


def resumed_in_branch_step(x):
    parts = batches(x, 3)
    first, _ = next(parts)
    loss = tf.reduce_sum(tf.matmul(first, W))
    if loss > 0:
        second, _ = next(parts)
        loss = loss + tf.reduce_sum(second)
    return loss


class Shown:
    def __str__(self):
        return f"shown {tracker.best:.3f}"


shown = Shown()


def object_in_arm_step(x):
    loss = tf.reduce_sum(tf.matmul(x, W))
    if loss > 0:
        print(shown)
    else:
        print("no")
    return loss


def count():
    k = 0
    while True:
        k += 1
        yield k


OUTSIDE = count()


def outside_generator_step(x):
    return tf.reduce_sum(tf.matmul(x, W)) * next(OUTSIDE)


def numpy_compare_step(x):
    loss = tf.reduce_sum(tf.matmul(x, W))
    if loss.numpy() > 0:
        return loss
    return -loss


def slot_delete_step(x):
    loss = tf.reduce_sum(tf.matmul(x, W))
    del slotted.count
    slotted.count = 0
    return loss


for i in range(STEPS):
    x = inputs()
    record("cond_print", cond_print_step(x))
    record("speculated", speculated_step(x, 1.0 if i < SWITCH or i % 2 else -1.0))
    record("bool", list(bool_step(x))[:2] + [bool_step(x)[2].numpy().tolist()])
    record("numpy", [v if type(v) is not np.float64 else ["np.float64", float(v)]
                     for v in numpy_step(x)])
    record("slots", slots_step(x))
    if i == 9:
        replace_slot()
    record("slot_guard", [slot_guard_step(x), slotted2.best])
    total, finished = generator_step(x)
    record("generator", [total, finished])
    record("loop_print", loop_print_step(x))
    record("try_generator", try_generator_step(x))
    record("yield_in_branch", yield_in_branch_step(x))
    record("resumed_in_branch", resumed_in_branch_step(x))
    record("object_in_arm", object_in_arm_step(x))
    record("outside_generator", outside_generator_step(x))
    record("numpy_compare", numpy_compare_step(x))
    record("slot_delete", slot_delete_step(x))

results["tracker_best"] = tracker.best
results["history"] = [[type(v).__name__, float(v)] for v in HISTORY]
results["slotted"] = [slotted.best, slotted.count]
results["set_through_property"] = SET_THROUGH_PROPERTY
results["W"] = W.numpy().tolist()
print(json.dumps(results))
