"""Early-stopping bookkeeping in the validation function: it computes a mean validation loss
as a Python float and updates BEST = min(BEST, v), FIRST_ARG_MIN = min(v, FIRST_ARG_MIN),
WORST = max(WORST, v) and a patience counter. At step 14 the validation slice becomes empty
(VAL_N = 0), so eager's mean is NaN: min/max then keep or return NaN depending on argument
order, comparisons with NaN are False, and the patience counter keeps growing."""
import math

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(523)

rng = np.random.default_rng(27)
XS = rng.normal(size=(80, 3)).astype("float32")
YS = (XS.sum(axis=1, keepdims=True) > 0).astype("float32")
model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(4, activation="tanh"),
                             tf.keras.layers.Dense(1, activation="sigmoid")])
opt = tf.keras.optimizers.SGD(0.3)
bce = tf.keras.losses.BinaryCrossentropy()

START = float("inf")
BEST = START
FIRST_ARG_MIN = START
WORST = -START
PATIENCE = 0
NANS = 0
VAL_N = 16


def validate(x, y):
    global BEST, FIRST_ARG_MIN, WORST, PATIENCE, NANS
    per = tf.square(model(x, training=False) - y)
    v = float(tf.reduce_mean(per))
    if math.isnan(v):
        NANS += 1
    if v < BEST:
        PATIENCE = 0
    else:
        PATIENCE += 1
    BEST = min(BEST, v)
    FIRST_ARG_MIN = min(v, FIRST_ARG_MIN)
    WORST = max(WORST, v)
    return v


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = bce(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 14:
        VAL_N = 0
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    v = validate(tf.constant(XS[64:64 + VAL_N]), tf.constant(YS[64:64 + VAL_N]))
    print(step, repr(float(loss)), repr(v), repr(BEST), repr(FIRST_ARG_MIN), repr(WORST), PATIENCE)

print("NANS", NANS, "BEST is START", BEST is START, "types", type(BEST).__name__, type(WORST).__name__)
