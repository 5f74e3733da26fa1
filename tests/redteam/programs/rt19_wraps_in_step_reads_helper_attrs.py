"""The step wraps its loss every call: a counting wrapper (a closure with a `nonlocal`
counter) made in the step, then `functools.update_wrapper(wrapped, base_loss)`, the
standard-library Python behind `functools.wraps`, which copies base_loss's `__name__`,
`__qualname__`, `__doc__` and merges its `__dict__` into the wrapper; the step then
reads `wrapped.weight` (copied from base_loss's function attributes) as the loss weight
and returns `wrapped.__name__` as the loss's tag.  The loop sets
`base_loss.weight = 0.5` at step 10 and renames `base_loss.__name__ = "mse_v2"` at step
20.  Neither write changes base_loss's code, defaults or identity (what a function
watcher sees): they write its __dict__ and a C slot.  Probes: attributes of the
program's function read by library Python run at build time (update_wrapper) and then
read back from the wrapper; a graph that froze the copy keeps weight 1.0 and the old
name."""
import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1917)
rng = np.random.default_rng(1917)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def base_loss(y, p):
    """Mean squared error."""
    return tf.reduce_mean(tf.square(p - y))


base_loss.weight = 1.0


def train_step(x, y):
    calls = 0

    def wrapped(a, b):
        nonlocal calls
        calls += 1
        return base_loss(a, b) * wrapped.weight

    functools.update_wrapper(wrapped, base_loss)

    with tf.GradientTape() as tape:
        p = tf.tanh(x @ W1) @ W2
        loss = wrapped(y, p)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, wrapped.__name__, calls, wrapped.__wrapped__ is base_loss


for step in range(30):
    if step == 10:
        base_loss.weight = 0.5
    if step == 20:
        base_loss.__name__ = "mse_v2"
    i = (step * 8) % 56
    loss, tag, calls, same = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), tag, calls, same)

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "name": base_loss.__name__,
    "iterations": int(OPT.iterations.numpy()),
}))
