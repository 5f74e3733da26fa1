"""Phase configuration kept in a contextvars.ContextVar (as libraries do for per-context
settings): PHASE holds "warmup" by default; the step reads `PHASE.get()` and, in
"finetune", scales its loss by SCALES[phase] and adds an L2 term, and it counts calls per
phase in a dict.  The loop sets PHASE to "finetune" at step 12 (`PHASE.set`), back to
"warmup" with `PHASE.reset(token)` at step 22, and to "finetune" again at step 28.
Probes: a value read through ContextVar.get() inside the step, changed between steps by
set/reset (no attribute or global write): losses, per-phase counts and weights."""
import random

import numpy

random.seed(5129)
numpy.random.seed(5129)

import contextvars
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5129)
rng = np.random.default_rng(5129)

PHASE = contextvars.ContextVar("phase", default="warmup")
SCALES = {"warmup": 1.0, "finetune": 0.25}
COUNTS = {"warmup": 0, "finetune": 0}

XS = rng.normal(size=(72, 4)).astype(np.float32)
YS = (XS @ np.array([1.0, -1.0, 0.5, 0.0], np.float32)).astype(np.float32)
W = tf.Variable(tf.zeros((4,)), name="w")
OPT = keras.optimizers.SGD(learning_rate=0.1)


def train_step(x, y):
    phase = PHASE.get()
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.linalg.matvec(x, W) - y)) * SCALES[phase]
        if phase == "finetune":
            loss = loss + 0.05 * tf.reduce_sum(tf.square(W))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    COUNTS[phase] += 1
    return loss, phase


token = None
for step in range(36):
    if step == 12:
        token = PHASE.set("finetune")
    if step == 22:
        PHASE.reset(token)
    if step == 28:
        PHASE.set("finetune")
    i = (step * 6) % 66
    loss, phase = train_step(tf.constant(XS[i:i + 6]), tf.constant(YS[i:i + 6]))
    print(step, phase, dict(COUNTS), repr(float(loss)))

print(json.dumps({"counts": COUNTS, "phase": PHASE.get(), "w": [repr(float(v)) for v in W.numpy()]}))
