"""Training steps whose exceptions a `try` inside them catches, or a `finally` sees, at
chosen steps, under janus and JANUS_MODE=off.

Five kinds of exception, each placed before the optimizer update, after it, and between
two updates (a counter's assign_add, then the optimizer):
- keyerror: a lookup in a dict that lacks the key at FAIL_AT (the key is gone before
  the call and back after it, so it appears again mid-run);
- zerodiv: a division by a Python number that is 0 at FAIL_AT;
- user: a `raise` of the program's own exception class on a Python flag;
- invalid: `except tf.errors.InvalidArgumentError` around a tf.debugging assertion on the
  batch, which only the graph run can tell;
- finally: a `try/finally` around that assertion; the exception leaves the step.

The handlers write Python state, print, and update a variable.  The first failure is at
the first graph call (the JANUS_HOT=3 calls before it are profiled), the second after
many graph calls.  Prints one JSON document like failures.py.
"""

import json
import sys

import numpy as np
import tensorflow as tf

from typed import typed

tf.keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(6)
STEPS = 24
FAIL_AT = (3, 20)
rng = np.random.default_rng(6)
results = {}


class BadBatch(Exception):
    """The program's own exception class: instances made by BaseException's code."""


class State:
    def __init__(self):
        self.w = tf.Variable(rng.normal(size=(4, 1)) * 0.3)
        self.b = tf.Variable(np.zeros(1))
        self.opt = tf.keras.optimizers.Adam(0.05)
        self.counter = tf.Variable(np.float64(0.0))
        self.table = {"scale": 1.0, "other": 2.0}
        self.rate = 2.0
        self.bad = False
        self.log = {"caught": 0, "finally": 0, "messages": []}

    def params(self):
        return [self.w, self.b]


def batch(i, n=8):
    data = np.random.default_rng(300 + i)
    return data.normal(size=(n, 4)), data.normal(size=(n, 1))


def loss_of(s, x, y):
    return tf.reduce_mean(tf.square(tf.matmul(x, s.w) + s.b - y))


def run(name, step):
    """Call `step` STEPS times, failing at FAIL_AT; record results and exceptions."""
    s = State()
    outcome = []
    for i in range(STEPS):
        failing = i in FAIL_AT
        x, y = batch(i)
        if failing and "keyerror" in name:
            del s.table["scale"]
        s.rate = 0.0 if failing else 2.0
        if failing and ("invalid" in name or "finally" in name):
            x = x * 100.0
        s.bad = failing
        try:
            outcome.append(typed(step(s, x, y)))
        except Exception as exc:
            outcome.append({"raised": type(exc).__name__,
                            "message": str(exc).strip().splitlines()[0]})
        s.table["scale"] = 1.0
    results[name] = {"steps": outcome, "state": typed(
        {"params": s.params(), "counter": s.counter, "iterations": s.opt.iterations,
         "slots": list(s.opt.variables), "log": s.log, "table": s.table})}


def check_batch(x):
    tf.debugging.assert_less(tf.reduce_max(tf.abs(x)), tf.constant(50.0, tf.float64),
                             message="input too large")


# -- keyerror ------------------------------------------------------------------------

def keyerror_before(s, x, y):
    try:
        scale = s.table["scale"]
    except KeyError as e:
        s.log["caught"] += 1
        s.log["messages"].append(str(e))
        print("missing", str(e))
        s.counter.assign_add(10.0)
        scale = 0.5
    with tf.GradientTape() as tape:
        loss = loss_of(s, x, y) * scale
    s.opt.apply_gradients(zip(tape.gradient(loss, s.params()), s.params()))
    return loss


def keyerror_after(s, x, y):
    with tf.GradientTape() as tape:
        loss = loss_of(s, x, y)
    s.opt.apply_gradients(zip(tape.gradient(loss, s.params()), s.params()))
    try:
        s.counter.assign_add(s.table["scale"])
    except KeyError:
        s.log["caught"] += 1
        print("missing after the update")
        s.counter.assign_sub(1.0)
    return loss


def keyerror_between(s, x, y):
    with tf.GradientTape() as tape:
        loss = loss_of(s, x, y)
    s.counter.assign_add(1.0)
    try:
        scale = lookup(s.table, "scale")
    except LookupError as e:
        s.log["messages"].append(repr(e))
        s.counter.assign_add(100.0)
        scale = 3.0
    grads = [g * scale for g in tape.gradient(loss, s.params())]
    s.opt.apply_gradients(zip(grads, s.params()))
    return loss


def lookup(table, key):
    return table[key]


def keyerror_in_arm(s, x, y):
    """Raised while building inside a branch on a tensor: not routed (raising.py)."""
    with tf.GradientTape() as tape:
        loss = loss_of(s, x, y)
    s.opt.apply_gradients(zip(tape.gradient(loss, s.params()), s.params()))
    try:
        if tf.reduce_sum(x) > -1000.0:
            s.counter.assign_add(s.table["scale"])
    except KeyError:
        s.log["caught"] += 1
        s.counter.assign_sub(1.0)
    return loss


# -- zerodiv -------------------------------------------------------------------------

def zerodiv_before(s, x, y):
    try:
        scale = 1.0 / s.rate
    except ZeroDivisionError as e:
        s.log["messages"].append(str(e))
        print("rate is zero")
        s.counter.assign_add(1.0)
        scale = 0.0
    with tf.GradientTape() as tape:
        loss = loss_of(s, x, y) * scale
    s.opt.apply_gradients(zip(tape.gradient(loss, s.params()), s.params()))
    return loss


def zerodiv_after(s, x, y):
    with tf.GradientTape() as tape:
        loss = loss_of(s, x, y)
    s.opt.apply_gradients(zip(tape.gradient(loss, s.params()), s.params()))
    try:
        s.counter.assign_add(4.0 // s.rate)
    except ZeroDivisionError:
        s.log["caught"] += 1
        print("rate is zero after the update")
    return loss


def zerodiv_between(s, x, y):
    with tf.GradientTape() as tape:
        loss = loss_of(s, x, y)
    s.counter.assign_add(1.0)
    try:
        scale = 2.0 % s.rate
    except ArithmeticError as e:
        s.log["caught"] += 1
        s.log["messages"].append(type(e) is ZeroDivisionError)
        scale = 1.0
    grads = [g * scale for g in tape.gradient(loss, s.params())]
    s.opt.apply_gradients(zip(grads, s.params()))
    return loss


# -- user ----------------------------------------------------------------------------

def user_before(s, x, y):
    try:
        if s.bad:
            raise BadBatch("bad batch")
    except BadBatch as e:
        s.log["messages"].append(str(e))
        print("skipped:", repr(e))
        s.counter.assign_add(1.0)
        return tf.constant(-1.0, tf.float64)
    with tf.GradientTape() as tape:
        loss = loss_of(s, x, y)
    s.opt.apply_gradients(zip(tape.gradient(loss, s.params()), s.params()))
    return loss


def user_after(s, x, y):
    with tf.GradientTape() as tape:
        loss = loss_of(s, x, y)
    s.opt.apply_gradients(zip(tape.gradient(loss, s.params()), s.params()))
    try:
        refuse(s.bad)
        s.counter.assign_add(1.0)
    except (KeyError, BadBatch) as e:
        s.log["caught"] += 1
        s.log["messages"].append(type(e) is BadBatch)
        print("refused after the update")
    finally:
        s.log["finally"] += 1
    return loss


def refuse(bad):
    if bad:
        raise BadBatch("refused")


def user_between(s, x, y):
    with tf.GradientTape() as tape:
        loss = loss_of(s, x, y)
    s.counter.assign_add(1.0)
    try:
        try:
            refuse(s.bad)
        except BadBatch:
            s.log["caught"] += 1
            raise ValueError("wrapped")
    except ValueError as e:
        s.log["messages"].append(str(e))
        s.counter.assign_add(5.0)
    s.opt.apply_gradients(zip(tape.gradient(loss, s.params()), s.params()))
    return loss


# -- invalid -------------------------------------------------------------------------

def invalid_before(s, x, y):
    try:
        check_batch(x)
    except tf.errors.InvalidArgumentError as e:
        s.log["caught"] += 1
        s.log["messages"].append(type(e).__name__)
        print("skipped a batch")
        s.counter.assign_add(1.0)
        x = x / 100.0
    with tf.GradientTape() as tape:
        loss = loss_of(s, x, y)
    s.opt.apply_gradients(zip(tape.gradient(loss, s.params()), s.params()))
    return loss


def invalid_after(s, x, y):
    with tf.GradientTape() as tape:
        loss = loss_of(s, x, y)
    s.opt.apply_gradients(zip(tape.gradient(loss, s.params()), s.params()))
    try:
        check_batch(x)
        s.counter.assign_add(1.0)
    except tf.errors.InvalidArgumentError:
        s.log["caught"] += 1
        print("bad batch after the update")
        s.counter.assign_sub(1.0)
    return loss


def invalid_between(s, x, y):
    with tf.GradientTape() as tape:
        loss = loss_of(s, x, y)
    s.counter.assign_add(1.0)
    try:
        check_batch(x)
    except tf.errors.InvalidArgumentError:
        s.log["caught"] += 1
        s.counter.assign_add(7.0)
    s.opt.apply_gradients(zip(tape.gradient(loss, s.params()), s.params()))
    return loss


# -- finally -------------------------------------------------------------------------

def finally_before(s, x, y):
    try:
        check_batch(x)
    finally:
        s.log["finally"] += 1
        print("checked")
        s.counter.assign_add(1.0)
    with tf.GradientTape() as tape:
        loss = loss_of(s, x, y)
    s.opt.apply_gradients(zip(tape.gradient(loss, s.params()), s.params()))
    return loss


def finally_after(s, x, y):
    with tf.GradientTape() as tape:
        loss = loss_of(s, x, y)
    s.opt.apply_gradients(zip(tape.gradient(loss, s.params()), s.params()))
    try:
        check_batch(x)
    finally:
        s.log["finally"] += 1
        s.counter.assign_add(1.0)
    return loss


def finally_between(s, x, y):
    with tf.GradientTape() as tape:
        loss = loss_of(s, x, y)
    s.counter.assign_add(1.0)
    try:
        check_batch(x)
    finally:
        s.log["finally"] += 1
    s.opt.apply_gradients(zip(tape.gradient(loss, s.params()), s.params()))
    return loss


for kind in ("keyerror", "zerodiv", "user", "invalid", "finally"):
    for where in ("before", "after", "between"):
        name = f"{kind}_{where}"
        run(name, globals()[name])
run("keyerror_in_arm", keyerror_in_arm)

if "janus" in sys.modules:
    import janus
    results["janus"] = {name.split(" ")[0]: info for name, info in janus.stats().items()}
print(json.dumps(results))
