"""An unrolled refinement inside the step uses tf.while_loop with its loop variables given
as a *list* `[k0, h0]` and a body that returns a *tuple*.  Eagerly, tf.while_loop is a
Python loop and returns what the body returned last (a tuple); a graph while loop packs
its result like the loop variables it was given (a list).  The step records the result's
container type, keeps the result in a history and extends a copy of it with `+`
(list + list works; a tuple would need a tuple).  Probes: Python container types of
library results that differ between eager and graph implementations."""
import random
import numpy
random.seed(40)
numpy.random.seed(40)
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3340)
rng = np.random.default_rng(3340)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS[:, :1] * 2).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.05)
KINDS = []


def refine_cond(k, h):
    return k < 3


def refine_body(k, h):
    return (k + 1, tf.tanh(h + 0.1 * h))


def train_step(x, y):
    with tf.GradientTape() as tape:
        h0 = x @ W
        res = tf.while_loop(refine_cond, refine_body, [tf.constant(0), h0])
        loss = tf.reduce_mean(tf.square(res[1] - y))
    KINDS.append(type(res).__name__)
    try:
        extended = res + [loss]
        n = len(extended)
    except TypeError:
        n = -1
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    return loss, n


for step in range(30):
    i = (step * 8) % 56
    loss, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), KINDS[-1], n)

print("kinds", sorted(set(KINDS)), len(KINDS))
print("W", [float(v).hex() for v in W.numpy().ravel()])
