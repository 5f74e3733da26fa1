"""Output in program order, containers printed as they are at the print, and objects
whose class the loop changes (tests/e2e/test_output_log.py runs this in both modes).

Each step is a training step janus converts; the loop changes a Python-visible thing
between calls after the first graph ran.  One JSON document is printed last.
"""

import json
import logging
import sys

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(3)
logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(levelname)s %(message)s")
LOG = logging.getLogger("train")
STEPS = 12
X = tf.constant(np.random.default_rng(0).normal(size=(8, 3)))
Y = tf.constant(np.random.default_rng(1).normal(size=(8, 1)))
W = tf.Variable(np.full((3, 1), 0.1), name="W")
OPT = tf.keras.optimizers.SGD(0.05)


def loss_of(x, y):
    return tf.reduce_mean(tf.square(tf.matmul(x, W) - y))


# -- the step prints, then tf.prints, then logs: the lines keep that order -----------

def ordered_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = loss_of(x, y)
    print("print before", step)
    tf.print("tf.print", step, loss, output_stream=sys.stdout)
    LOG.info("logged after %d", step)
    OPT.apply_gradients(zip(tape.gradient(loss, [W]), [W]))
    tf.print("W after the update", W, summarize=-1, output_stream=sys.stdout)
    count = sys.stdout.write("written " + "after the update" + "\n")
    print("wrote", count)
    return loss


def arm_print_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_of(x, y)
    print("arm step loss", float(loss))
    if loss > 0.9:
        tf.print("high", loss, output_stream=sys.stdout)
    else:
        tf.print("low", loss, output_stream=sys.stdout)
    print("arm step done")
    OPT.apply_gradients(zip(tape.gradient(loss, [W]), [W]))
    return loss


# -- containers printed as they are at the print -----------------------------------

HISTORY = []
RUN_INFO = {"epoch": 0, "seen": []}


def history_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = loss_of(x, y)
    print("history before", HISTORY)
    HISTORY.append(step)
    print("history after", HISTORY, {"h": HISTORY}, len(HISTORY))
    OPT.apply_gradients(zip(tape.gradient(loss, [W]), [W]))
    return loss


def info_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_of(x, y)
    print("info", RUN_INFO)
    RUN_INFO["seen"].append(RUN_INFO["epoch"])
    print("info after", RUN_INFO)
    OPT.apply_gradients(zip(tape.gradient(loss, [W]), [W]))
    return loss


class Tracker:
    def __init__(self):
        self.values = []
        self.meta = {"calls": 0}


TRACKER = Tracker()


def tracker_step(tracker, x, y):
    with tf.GradientTape() as tape:
        loss = loss_of(x, y)
    tracker.values.append(len(tracker.values))
    tracker.meta["calls"] = tracker.meta["calls"] + 1
    print("tracker", tracker.values, tracker.meta)
    OPT.apply_gradients(zip(tape.gradient(loss, [W]), [W]))
    return loss


# -- an object's class changes under the step ------------------------------------------

class Warmup:
    factor = 0.5

    def scale(self, loss):
        return loss * 0.25


class Main(Warmup):
    factor = 2.0

    def scale(self, loss):
        return loss * 4.0


class Schedule:
    pass


PHASE = Warmup()
SCHEDULE = Schedule()
SCHEDULE.phase = Warmup()
MODE = Warmup()


def isinstance_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_of(x, y)
        if isinstance(SCHEDULE.phase, Main):
            loss = loss * 3.0
    OPT.apply_gradients(zip(tape.gradient(loss, [W]), [W]))
    return loss


def method_step(x, y):
    with tf.GradientTape() as tape:
        loss = PHASE.scale(loss_of(x, y))
    OPT.apply_gradients(zip(tape.gradient(loss, [W]), [W]))
    return loss


def class_attribute_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_of(x, y) * MODE.factor
    print("phase", type(MODE).__name__)
    OPT.apply_gradients(zip(tape.gradient(loss, [W]), [W]))
    return loss


results = {}
for i in range(STEPS):
    x, y = X * (1 + i % 3), Y
    results.setdefault("ordered", []).append(float(ordered_step(x, y, i)))
    results.setdefault("arm", []).append(float(arm_print_step(x, y)))
    if i == 6:
        HISTORY.extend(["from the loop", 100])
        RUN_INFO["epoch"] = 1
        TRACKER.values.insert(0, "first")
        SCHEDULE.phase.__class__ = Main
        PHASE.__class__ = Main
        MODE.__class__ = Main
    if i == 9:
        RUN_INFO["epoch"] = 2
        RUN_INFO["note"] = "late"
    results.setdefault("history", []).append(float(history_step(x, y, i)))
    results.setdefault("info", []).append(float(info_step(x, y)))
    results.setdefault("tracker", []).append(float(tracker_step(TRACKER, x, y)))
    results.setdefault("isinstance", []).append(float(isinstance_step(x, y)))
    results.setdefault("method", []).append(float(method_step(x, y)))
    results.setdefault("class_attribute", []).append(float(class_attribute_step(x, y)))

print(json.dumps({"results": results, "W": W.numpy().tolist(), "HISTORY": HISTORY,
                  "RUN_INFO": RUN_INFO, "tracker": [TRACKER.values, TRACKER.meta],
                  "classes": [type(o).__name__ for o in (PHASE, SCHEDULE.phase, MODE)]}))
