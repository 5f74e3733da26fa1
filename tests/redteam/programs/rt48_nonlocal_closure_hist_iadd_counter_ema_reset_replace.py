"""A training step made by a factory: closure cells `hist` (a list), `steps` (int) and
`ema` (float) updated with `nonlocal` and augmented assignment (`hist += [...]`,
`steps += 1`, `ema *= 0.9; ema += 0.1 * v`).  Sibling closures read and rebind the same
cells: `reset()` at step 12 rebinds `hist` to a new list (the loop still holds the old
one), `adopt(lst)` at step 20 binds the cell to a list the LOOP also appends to between
steps, and `set_ema(np.float32(...))` at step 26 turns the EMA into a numpy scalar (its
`*=`/`+=` then follow numpy's float32 rules).  The step also reads `hist[-1]`, `len(hist)`
and `sum(hist[-3:])` after extending.  Probes: closure-cell lists and numbers under `+=`,
with cell rebinding and aliasing from outside."""
import random

import numpy

random.seed(4806)
numpy.random.seed(4806)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4806)
rng = np.random.default_rng(4806)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 2)) * 0.4).astype(np.float32)


def make_trainer(model, opt):
    hist = []
    steps = 0
    ema = 0.0

    def train_step(x, y):
        nonlocal hist, steps, ema
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x) - y))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        v = float(loss)
        steps += 1
        ema *= 0.9
        ema += 0.1 * v
        hist += [v, steps]
        tail = sum(h for h in hist[-3:] if isinstance(h, float))
        return loss, len(hist), hist[-1], tail

    def reset():
        nonlocal hist
        old = hist
        hist = []
        return old

    def adopt(lst):
        nonlocal hist
        hist = lst

    def set_ema(value):
        nonlocal ema
        ema = value

    def state():
        return hist, steps, ema

    return train_step, reset, adopt, set_ema, state


MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(2)])
OPT = keras.optimizers.SGD(learning_rate=0.05, momentum=0.5)
train_step, reset, adopt, set_ema, state = make_trainer(MODEL, OPT)

held = state()[0]
shared = ["shared-start"]
for step in range(32):
    if step == 12:
        old = reset()
        print("reset", old is held, len(old))
    if step == 20:
        adopt(shared)
    if step == 26:
        set_ema(np.float32(state()[2]))
    if step > 20:
        shared.append(f"loop{step}")
    i = (step * 8) % 72
    loss, n, last, tail = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    h, s, e = state()
    print(step, repr(float(loss)), n, last, repr(tail), s, type(e).__name__, repr(float(e)), h is held, h is shared, len(held), len(shared))

h, s, e = state()
print(json.dumps({"held": [repr(v) if isinstance(v, float) else v for v in held[-4:]],
                  "shared": [repr(v) if isinstance(v, float) else v for v in shared[-6:]],
                  "steps": s, "ema": repr(float(e)), "ema_type": type(e).__name__,
                  "w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()[:6]]}))
