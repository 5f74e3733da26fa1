"""Per-unit gates passed to a Keras Activation through functools.partial's *positional*
args; the gate list is edited in place mid-run.

The hidden activation is `keras.layers.Activation(functools.partial(gated_tanh, GATES))`:
Keras calls the partial, which calls the program's `gated_tanh(gates, x)` with GATES,
a plain Python list of per-unit multipliers, as its first argument.  The partial's
keywords dict is empty; its `args` is a tuple (immutable) holding the list.  A
structured-pruning schedule switches units off in place: `GATES[2] = 0.0` and
`GATES[5] = 0.0` at step 10, `GATES[:] = [1.0] * 8` (all back on, same list object) at
step 20.  No dict of the layer, the partial or the program is written, and the tuple
still holds the same list.  Eager calls gated_tanh with the live list every time.  A
graph that followed the library object's partial only through its keywords (or pinned
the args tuple by identity) and read the list's items once while interpreting the
callback would keep all gates at 1.0.  Probes: mutable containers reached by program
callbacks through a library-held partial's positional arguments.
"""
import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1337)
rng = np.random.default_rng(1337)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] - XS[:, 4:5]).astype(np.float32)

GATES = [1.0] * 8


def gated_tanh(gates, x):
    return tf.tanh(x) * tf.constant(gates, dtype=x.dtype)


model = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(8),
    keras.layers.Activation(functools.partial(gated_tanh, GATES)),
    keras.layers.Dense(1),
])
opt = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 10:
        GATES[2] = 0.0
        GATES[5] = 0.0
    if step == 20:
        GATES[:] = [1.0] * 8
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), sum(GATES))

print(json.dumps({
    "gates": GATES,
    "dense0_col2": [repr(float(v)) for v in model.layers[0].kernel.numpy()[:, 2]],
    "head": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()],
}))
