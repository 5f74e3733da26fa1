"""Probes a tape-less evaluation function (taken over as hot code after a few calls)
that divides logits by a module-level temperature whose type changes mid-run: a
Python float, an int, an `np.float64`, a 0-d ndarray the loop then edits in place, a
`tf.Variable` the loop assigns, and a float again.

`evaluate(x)` computes softmax(model(x) / TEMP), its mean max-probability, appends it to
SCORES and returns it; the loop trains with a separate step and evaluates every step.
Changes: step 10 int 2; step 14 np.float64(0.5); step 18 a 0-d float32 ndarray 1.5,
edited in place to 3.0 at step 21; step 24 a tf.Variable 0.8, assigned 4.0 at step 28;
step 32 float 1.0.

Eager divides by the current value at each call.  A graph that baked in the array's
contents (in-place edits keep its identity), the variable's value, or the first
number prints other scores.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2036)
random.seed(2036)
np.random.seed(2036)
rng = np.random.default_rng(2036)

XS = rng.normal(size=(64, 4)).astype(np.float32)
LABELS = (XS[:, 0] > 0).astype(np.int32) + (XS[:, 1] > 0).astype(np.int32)
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(3)])
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
OPT = keras.optimizers.SGD(learning_rate=0.1)
TEMP = 1.0
SCORES = []
VX = tf.constant(XS[48:64])


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(y, MODEL(x))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


def evaluate(x):
    probs = tf.nn.softmax(MODEL(x) / TEMP)
    score = float(tf.reduce_mean(tf.reduce_max(probs, axis=1)))
    SCORES.append(round(score, 6))
    return score


for step in range(40):
    if step == 10:
        TEMP = 2
    if step == 14:
        TEMP = np.float64(0.5)
    if step == 18:
        TEMP = np.array(1.5, dtype=np.float32)
    if step == 21:
        TEMP[...] = 3.0
    if step == 24:
        TEMP = tf.Variable(0.8)
    if step == 28:
        TEMP.assign(4.0)
    if step == 32:
        TEMP = 1.0
    i = (step * 8) % 48
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(LABELS[i:i + 8]))
    score = evaluate(VX)
    print(step, round(float(loss), 6), round(score, 6), type(TEMP).__name__)

print(json.dumps({
    "scores": SCORES[-8:],
    "out": [round(float(v), 6) for v in MODEL.layers[-1].kernel.numpy().ravel()[:6]],
}))
