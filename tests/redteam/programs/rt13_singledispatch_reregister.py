"""Loss-weight resolution through functools.singledispatch; an implementation is
registered mid-run.

A research codebase resolves "weight specs" from its config with a single-dispatch
function: a float is used as is, an int is a percentage, a str names a preset.  The step
calls `aux_weight(SPEC)` every call; SPEC is the int 30 the whole run.  At step 10 a
plugin registers a new implementation for `int` (ints now mean per-mille:
`aux_weight.register(int, per_mille)`), and at step 20 another plugin replaces it with
a lambda (`1 - spec/100`).  The singledispatch wrapper
(stdlib Python in functools) picks the implementation from its registry and its
dispatch cache (cleared on register) at every call; the chosen function is the
program's own.  A build that ran the wrapper natively would record only which program
function started inside it, not the registry lookup that chose it, and would keep
calling the old implementation.  Probes: stdlib dispatch code choosing program code
through state no attribute/global guard covers (a closure dict of functools).
"""
import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1306)
rng = np.random.default_rng(1306)

XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = np.sin(XS[:, :1] * 2.0).astype(np.float32)
YAUX = np.cos(XS[:, 1:2]).astype(np.float32)

model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(12, activation="tanh"),
                          keras.layers.Dense(2)])
opt = keras.optimizers.SGD(learning_rate=0.05)


@functools.singledispatch
def aux_weight(spec):
    raise TypeError(f"bad spec {spec!r}")


@aux_weight.register
def _(spec: float):
    return spec


@aux_weight.register
def _(spec: int):
    return spec / 100.0


@aux_weight.register
def _(spec: str):
    return {"off": 0.0, "low": 0.1, "high": 1.0}[spec]


SPEC = 30
WEIGHTS = []


def train_step(x, y, yaux):
    w = aux_weight(SPEC)
    with tf.GradientTape() as tape:
        out = model(x, training=True)
        main = tf.reduce_mean(tf.square(out[:, :1] - y))
        aux = tf.reduce_mean(tf.square(out[:, 1:] - yaux))
        loss = main + w * aux
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    WEIGHTS.append(w)
    return main, aux


def per_mille(spec):
    return spec / 1000.0


for step in range(30):
    if step == 10:
        aux_weight.register(int, per_mille)
    if step == 20:
        aux_weight.register(int, lambda spec: 1.0 - spec / 100.0)
    i = (step * 8) % 88
    main, aux = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                           tf.constant(YAUX[i:i + 8]))
    print(step, repr(float(main)), repr(float(aux)), repr(WEIGHTS[-1]))

print(json.dumps({
    "weights": sorted(set(repr(w) for w in WEIGHTS)),
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()[:8]],
}))
