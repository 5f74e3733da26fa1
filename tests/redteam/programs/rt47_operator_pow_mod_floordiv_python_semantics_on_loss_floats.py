"""A schedule that derives Python numbers from the step's loss (float(loss), computed by
the graph) through the operator module's arithmetic: operator.mod and operator.floordiv
with a negative operand (Python's floor semantics, sign of the divisor),
operator.pow of a possibly negative base to a fractional power (Python gives a complex
number, printed with repr, whose .real and abs() are used), operator.truediv by a value
that becomes 0 (ZeroDivisionError caught in the step), operator.neg of 0.0 * d (a signed zero whose sign follows d) and
divmod.  The derived Python float scales the update.  The PIVOT and DIVISOR globals are
rebound between steps (steps 7, 13 and 20; DIVISOR becomes 0 at 13 and an int at 20),
and the exponent at step 25.  Probes: Python's exact numeric semantics of operator
functions on floats the graph computes (complex results, signed zeros, floor modulo,
ZeroDivisionError)."""
import random

import numpy

random.seed(4722)
numpy.random.seed(4722)

import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4722)
rng = np.random.default_rng(4722)
XS = rng.normal(size=(80, 3)).astype(np.float32)
YS = (XS[:, :1] * 1.5 - XS[:, 2:3]).astype(np.float32)

MODEL = keras.Sequential([keras.Input((3,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
PIVOT = 1.0
DIVISOR = 0.3
EXPO = 0.5
HIST = []


def derive(fl):
    d = fl - PIVOT
    m = operator.mod(d, DIVISOR) if DIVISOR else operator.mod(d, 0.7)
    q = operator.floordiv(d, 0.25)
    p = operator.pow(d, EXPO)
    try:
        r = operator.truediv(1.0, DIVISOR)
    except ZeroDivisionError as e:
        print("  zero", repr(e))
        r = 1.0
    z = operator.neg(0.0 * d)
    dm = divmod(d, -0.4)
    return d, m, q, p, r, z, dm


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    fl = float(loss)
    d, m, q, p, r, z, dm = derive(fl)
    mag = abs(p)
    re = p.real if isinstance(p, complex) else p
    scale = 1.0 / (1.0 + mag + abs(m) * 0.1)
    OPT.apply_gradients(zip([g * scale for g in grads], MODEL.trainable_variables))
    HIST.append((repr(p), repr(z)))
    print("  ", repr(d), repr(m), repr(q), repr(p), repr(re), repr(r), repr(z), repr(dm))
    return loss


for step in range(30):
    if step == 7:
        PIVOT = 3.0
    if step == 13:
        DIVISOR = 0
    if step == 20:
        DIVISOR = 2
        PIVOT = 0.5
    if step == 25:
        EXPO = 1.0 / 3.0
        PIVOT = 5.0
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "hist": HIST[-4:],
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
}))
