"""End-of-step hooks registered on a contextlib.ExitStack inside the step.

The step opens `with contextlib.ExitStack() as stack:` and registers its bookkeeping as an
exit callback: `stack.callback(EVENTS.append, PHASE)` -- a bound C method of the
program's own list, run by ExitStack.__exit__ (standard-library Python) when the block
ends.  PHASE is a global string: "warmup" until step 10, "main" from step 10, "cooldown"
from step 22.  Eager runs the callbacks at the end of every call, so EVENTS grows by one
per step.  A build that ran ExitStack's
__exit__ natively would run the C callbacks once, while building, on the build's
values (no program code starts, so nothing is intercepted), and graph calls would then
append nothing.  Probes: Python writes made by C callables that library code calls
(not the step itself), at build time.
"""
import contextlib
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1320)
rng = np.random.default_rng(1320)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2]).astype(np.float32)

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(12, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.05)
EVENTS = []
PHASE = "warmup"


def train_step(x, y):
    with contextlib.ExitStack() as stack:
        stack.callback(EVENTS.append, PHASE)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 10:
        PHASE = "main"
    if step == 22:
        PHASE = "cooldown"
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(EVENTS), EVENTS[-1] if EVENTS else None)

print(json.dumps({
    "events": EVENTS,
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()[:6]],
}))
