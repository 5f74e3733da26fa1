"""An optional scale looked up by bare name, provided mid-run through builtins.

Launchers and profilers inject names into `builtins` (kernprof's `profile`, notebook
helpers, site hooks); scripts probe for them with `try: NAME except NameError:`.  The
step reads the bare name GRAD_MULT inside such a try: undefined at first (NameError,
caught: multiplier 1.0).  At step 10 the "launcher" sets `builtins.GRAD_MULT = 0.5`:
the module dict still lacks the name, but CPython's LOAD_GLOBAL falls through to the
builtins dict and finds it.  At step 18 the module defines its own GRAD_MULT = 2.0,
which shadows the builtin; at step 24 the module deletes its global again (the builtin
0.5 is visible once more).  Eager's lookup walks globals then builtins at every call.  A
graph that guarded only the module dict's absence of the name (and routed the
NameError into the handler) would keep taking the except path when the builtins dict
gains the name.  Probes: guards on the globals -> builtins lookup chain, NameError
routing.
"""
import builtins
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1315)
rng = np.random.default_rng(1315)

XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (np.tanh(XS[:, :1]) + XS[:, 5:6]).astype(np.float32)

model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.05)
MULTS = []


def train_step(x, y):
    try:
        mult = GRAD_MULT  # noqa: F821
    except NameError:
        mult = 1.0
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip([g * mult for g in grads], model.trainable_variables))
    MULTS.append(mult)
    return loss


for step in range(30):
    if step == 10:
        builtins.GRAD_MULT = 0.5
    if step == 18:
        globals()["GRAD_MULT"] = 2.0
    if step == 24:
        del globals()["GRAD_MULT"]
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), MULTS[-1])

del builtins.GRAD_MULT
print(json.dumps({
    "mults": MULTS,
    "kernel": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
}))
