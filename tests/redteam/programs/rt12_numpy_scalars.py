"""numpy scalar types flowing out of the step.  `loss.numpy()` of a 0-d float32 tensor is a
numpy.float32 SCALAR (not a 0-d ndarray); the step accumulates it into Python state with
NumPy 2 (NEP 50) promotion: TOTAL = TOTAL + l (Python float + np.float32 -> np.float32),
EMA = 0.9 * EMA + 0.1 * l, and keeps l itself in a list.  Step 10: TOTAL is reset from
outside to np.float64(0.0) (then float64 arithmetic).  Step 20: EMA is reset to the Python
int 0, and the step starts adding np.float16(1) to a counter CNT.  Each step prints type
names and reprs (NumPy 2's repr shows the scalar type).  Probes: numpy scalar types,
promotion and repr of values made from graph outputs."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1233)
rng = np.random.default_rng(1233)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
TOTAL = 0.0
EMA = 1.0
CNT = 0
COUNTING = False
KEPT = []


def train_step(x, y):
    global TOTAL, EMA, CNT
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    l = loss.numpy()
    TOTAL = TOTAL + l
    EMA = 0.9 * EMA + 0.1 * l
    if COUNTING:
        CNT = CNT + np.float16(1)
    KEPT.append(l)
    return loss


for step in range(30):
    if step == 10:
        TOTAL = np.float64(0.0)
    if step == 20:
        EMA = 0
        COUNTING = True
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), type(TOTAL).__name__, repr(TOTAL), type(EMA).__name__,
          repr(EMA), type(CNT).__name__, repr(CNT), type(KEPT[-1]).__name__)

print(json.dumps({"total": repr(TOTAL), "ema": repr(EMA), "cnt": repr(CNT),
                  "kept": [repr(k) for k in KEPT[-3:]],
                  "W": [repr(float(v)) for v in W.numpy().ravel()]}))
