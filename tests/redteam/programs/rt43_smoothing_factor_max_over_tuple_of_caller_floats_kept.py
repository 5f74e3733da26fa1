"""An EMA-of-weights trainer whose caller passes two candidate smoothing factors each step
(a scheduled one it recomputes, and a fixed floor it reuses); the step takes
`decay = max((sched, floor))` (max over a tuple, the form a config loader produces),
applies the EMA with it and keeps both the chosen decay and the scheduled value on the
EMA state.  The caller checks `state.decay is sched` / `is floor` and `state.sched is
sched` to log which factor was used.  CPython's max returns one of the tuple's items.
The schedule passes the floor at step 14.  Probes: identity of caller floats handed back
by max over a tuple, and of a float stored next to it."""
import random

import numpy

random.seed(4347)
numpy.random.seed(4347)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4347)
rng = np.random.default_rng(4347)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (XS[:, :1] - 0.5 * XS[:, 4:5]).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.1)
EMA_W = tf.Variable(W.numpy())
OPT = keras.optimizers.SGD(learning_rate=0.05)


class EmaState:
    pass


STATE = EmaState()


def train_step(x, y, sched, floor):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    decay = max((sched, floor))
    EMA_W.assign(decay * EMA_W + (1.0 - decay) * W)
    STATE.decay = decay
    STATE.sched = sched
    return loss


FLOOR = 0.9
for step in range(30):
    sched = 0.5 + 0.03 * step
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]), sched, FLOOR)
    print(step, repr(float(loss)), repr(STATE.decay), STATE.decay is sched, STATE.decay is FLOOR,
          STATE.sched is sched)

print(json.dumps({"ema": [repr(float(v)) for v in EMA_W.numpy().ravel()]}))
