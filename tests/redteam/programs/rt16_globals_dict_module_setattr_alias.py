"""Module-level run state written through the module's namespace by three routes and read
back as plain globals in the same step: `globals()["EMA"] = ...` then `EMA`,
`setattr(THIS, "SEEN", SEEN + 1)` (THIS = sys.modules[__name__]) then `SEEN`, and
`vars(THIS)["PHASE_STEPS"] = ...` then `PHASE_STEPS`.  In eager all of them are the same
dict, so the LOAD_GLOBAL right after each write sees the new value and the gradient
scale uses it.  A graph that treats globals() / the module object / vars() as ordinary
heap objects and defers their writes would read the globals from before the call.
Probes: aliasing of the module dict with global reads inside a converted step."""
import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1611)
rng = np.random.default_rng(1611)

XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)

THIS = sys.modules[__name__]
EMA = 0.5
SEEN = 0
PHASE_STEPS = 0
PHASE = "warm"


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    globals()["EMA"] = 0.7 * EMA + 0.3 * float(loss)
    ema_now = EMA
    setattr(THIS, "SEEN", SEEN + 1)
    seen_now = SEEN
    vars(THIS)["PHASE_STEPS"] = PHASE_STEPS + 1
    phase_now = PHASE_STEPS
    scale = (1.0 + 0.01 * seen_now) / (1.0 + ema_now) * (0.5 if phase_now % 2 else 1.0)
    OPT.apply_gradients(zip([g * scale for g in grads], [W1, W2]))
    print(f"ema {ema_now!r} seen {seen_now} phase_steps {phase_now} scale {scale!r}")
    return loss


for step in range(30):
    if step in (10, 20):
        PHASE = "main" if step == 10 else "tune"
        PHASE_STEPS = 0
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, PHASE, repr(float(loss)), SEEN, PHASE_STEPS)

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "EMA": repr(EMA),
    "SEEN": SEEN,
    "PHASE_STEPS": PHASE_STEPS,
    "types": [type(EMA).__name__, type(SEEN).__name__],
    "iterations": int(OPT.iterations.numpy()),
}))
