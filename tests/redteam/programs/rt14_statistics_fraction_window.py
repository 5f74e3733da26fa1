"""Plateau detection with the statistics module over a window of recent losses (a
deque(maxlen=5) appended in the step): statistics.median, statistics.fmean and
statistics.pstdev (which works in exact Fractions internally) of the window decide,
inside the step, whether to decay the learning-rate multiplier.  The multiplier itself
is kept as an exact fractions.Fraction (halved on plateau, `LR_MULT *= Fraction(1, 2)`),
converted with float() when scaling the gradient, and a decimal.Decimal of the loss
quantized to 4 places is logged.

Probes: stdlib numeric code (statistics, fractions, decimal -- pure Python that calls
float.as_integer_ratio, Fraction arithmetic and Decimal's C code) run over floats the
graph computes.  A converter that evaluates these at build time on the profiled values,
approximates them with TF ops, or stores a float where the program stored a Fraction
prints different statistics, a different multiplier (type and value) and other weights.
"""
import collections
import decimal
import json
import statistics
from fractions import Fraction

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1430)
rng = np.random.default_rng(1430)

N_STEPS = 40
XS = rng.normal(size=(N_STEPS, 8, 3)).astype(np.float32)
YS = (np.sin(XS @ np.array([[1.0], [0.5], [-0.7]], np.float32)) +
      0.3 * rng.normal(size=(N_STEPS, 8, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(3, 6)).astype(np.float32) * 0.4, name="W1")
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4, name="W2")
BASE_LR = 0.2
WINDOW = collections.deque(maxlen=5)
STATE = {"lr_mult": Fraction(1), "decays": 0, "log": []}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    WINDOW.append(float(loss))
    med = fm = sd = None
    if len(WINDOW) == WINDOW.maxlen:
        med = statistics.median(WINDOW)
        fm = statistics.fmean(WINDOW)
        sd = statistics.pstdev(WINDOW)
        if sd < 0.6 * fm and float(loss) > med:
            STATE["lr_mult"] *= Fraction(1, 2)
            STATE["decays"] += 1
    lr = BASE_LR * float(STATE["lr_mult"])
    for v, g in zip([W1, W2], grads):
        v.assign_sub(lr * g)
    dec = decimal.Decimal(float(loss)).quantize(decimal.Decimal("0.0001"))
    STATE["log"].append(str(dec))
    return loss, med, fm, sd


for step in range(N_STEPS):
    loss, med, fm, sd = train_step(tf.constant(XS[step]), tf.constant(YS[step]))
    print(step, repr(float(loss)), repr(med), repr(fm), repr(sd), repr(STATE["lr_mult"]),
          STATE["log"][-1])

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "lr_mult": str(STATE["lr_mult"]),
    "lr_mult_type": type(STATE["lr_mult"]).__name__,
    "decays": STATE["decays"],
    "window": list(WINDOW),
}))
