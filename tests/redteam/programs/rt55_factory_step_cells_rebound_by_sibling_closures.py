"""A trainer built by a factory function: `make_trainer()` returns the step and two
sibling closures, `set_phase(name)` and `swap_table(table)`, which rebind the factory's
cells `phase` and `table` with `nonlocal`.  The step reads both cells (the table is a
dict of per-phase loss multipliers; it pops a one-shot "bonus" entry from it when
present) and counts its calls in a third cell.  Between calls the loop switches the
phase (step 6), puts a bonus into the current table (step 11: popped by the next call),
swaps in a new table object (step 16) and switches the phase again (step 22) and adds a
bonus to the new table (step 27).
Probes: closure cells of a converted step rebound by other closures between calls (read
through the cells at call time), dict.pop on a dict reached through a cell, a nonlocal
counter written by the step."""
import random

import numpy

random.seed(5529)
numpy.random.seed(5529)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5529)
rng = np.random.default_rng(5529)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 3:4] - 0.3).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.1)


def make_trainer(model, opt):
    phase = "warm"
    table = {"warm": 0.5, "main": 1.0}
    calls = 0

    def set_phase(name):
        nonlocal phase
        phase = name

    def swap_table(new):
        nonlocal table
        table = new

    def step_fn(x, y):
        nonlocal calls
        mult = table[phase] * table.pop("bonus", 1.0)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x, training=True) - y)) * mult
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        calls += 1
        return loss, mult, calls

    def current():
        return phase, table

    return step_fn, set_phase, swap_table, current


STEP, SET_PHASE, SWAP_TABLE, CURRENT = make_trainer(MODEL, OPT)
TABLE_B = {"warm": 0.25, "main": 2.0, "cool": 0.1}

for step in range(32):
    if step == 6:
        SET_PHASE("main")
    if step == 11:
        CURRENT()[1]["bonus"] = 3.0
    if step == 16:
        SWAP_TABLE(TABLE_B)
    if step == 22:
        SET_PHASE("cool")
    if step == 27:
        TABLE_B["bonus"] = 0.5
    i = (step * 16) % 112
    loss, mult, calls = STEP(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    ph, tb = CURRENT()
    print(step, repr(float(loss)), repr(mult), calls, ph, tb, tb is TABLE_B)

print(json.dumps({"phase": CURRENT()[0], "table": CURRENT()[1],
                  "w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()]}))
