"""tf.switch_case picks a curriculum phase from the optimizer's iteration counter;
its branch functions return Python tuples (phase name, loss weight, Python int
batch-shift).

Eager tf.switch_case reads the tensor index, calls only the chosen branch function
and returns its Python result unchanged: a tuple holding a str, a float and an int.
The step unpacks it, uses the float as a loss weight, keeps the name and shift in
Python state and prints them.  A graph that built a real Case op would convert
every branch output to a tensor (the str to a tf.string scalar), so the printed
phase names, the stored types and the JSON would differ, and all three branches
would have been traced where eager calls one per step.  The index walks through
all three phases during the run.
Probes: library control flow returning branch values as Python objects in eager."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2202)
rng = np.random.default_rng(2202)

XS = rng.normal(size=(120, 5)).astype(np.float32)
YS = (np.tanh(XS @ rng.normal(size=(5, 1))) + 0.1 * rng.normal(size=(120, 1))).astype(np.float32)
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.02)
PHASES = []
SHIFTS = []


def warmup():
    return ("warmup", 0.25, 0)


def main_phase():
    return ("main", 1.0, 1)


def anneal():
    return ("anneal", 0.5, 2)


BRANCHES = [warmup, main_phase, anneal]


def train_step(x, y):
    idx = tf.math.floormod(OPT.iterations // 6, 3)
    phase, weight, shift = tf.switch_case(tf.cast(idx, tf.int32), BRANCHES)
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = weight * tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    PHASES.append(phase)
    SHIFTS.append(shift)
    print("  phase", phase, "weight", weight, "shift", shift)
    return loss, phase


for step in range(30):
    i = (step * 12 + (SHIFTS[-1] if SHIFTS else 0)) % 100
    loss, phase = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)), type(phase).__name__)

print(json.dumps({
    "weights": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
    "phases": [str(p) for p in PHASES],
    "phase_types": sorted({type(p).__name__ for p in PHASES}),
    "shift_types": sorted({type(s).__name__ for s in SHIFTS}),
    "shift_sum": int(sum(int(s) for s in SHIFTS)),
    "iterations": int(OPT.iterations.numpy()),
}))
