"""A trainer adds a penalty when `isinstance(REG, Penalized)`, an ABC.  Mid-run the loop
registers the regularizer's class (abc's token moves), then clears the registry and the
caches (`_abc_registry_clear()`, `_abc_caches_clear()`: the token stays), so eager's
answer goes back to False with nothing registered."""
import abc
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(14)


class Penalized(abc.ABC):
    pass


class Reg:
    coef = 0.05


rng = np.random.default_rng(44)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([[1.0], [0.5], [-1.0]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
REG = Reg()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
        used = isinstance(REG, Penalized)
        if used:
            loss += REG.coef * tf.reduce_sum(tf.square(W))
    (g,) = tape.gradient(loss, [W])
    W.assign_sub(0.05 * g)
    return loss, used


for step in range(24):
    if step == 6:
        Penalized.register(Reg)
    if step == 12:
        Penalized._abc_registry_clear()
        Penalized._abc_caches_clear()
    if step == 18:
        Penalized.register(Reg)
    i = (step * 8) % 56
    loss, used = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), used)
print(json.dumps({"w": W.numpy().ravel().tolist()}))
