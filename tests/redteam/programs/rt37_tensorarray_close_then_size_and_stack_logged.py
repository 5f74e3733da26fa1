"""The step writes per-row losses into a tf.TensorArray, stacks them for the loss, then
calls ta.close() (to release it) and logs ta.size() and the shape and sum of a second
ta.stack() after the close.  Eagerly _EagerTensorArray.close() empties its Python list:
size() is 0 and stack() gives an empty (0, 2) tensor, and close() returns None; a graph
TensorArray's close() is a no-op Operation, after which size() and stack() still show
the rows.  The count of live rows feeds a Python-side average the program keeps.  At
step 12 the global ROWS changes from 4 to 6.  Probes: eager-only TensorArray methods in a
converted step."""
import random

import numpy

random.seed(3728)
numpy.random.seed(3728)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3728)
rng = np.random.default_rng(3728)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = rng.normal(size=(64, 2)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 2)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)
ROWS = 4
SEEN = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        err = tf.square(x @ W - y)
        ta = tf.TensorArray(tf.float32, size=ROWS, element_shape=[2])
        for i in range(ROWS):
            ta = ta.write(i, err[i])
        stacked = ta.stack()
        loss = tf.reduce_mean(stacked)
    closed = ta.close()
    after = ta.stack()
    n_after = int(ta.size())
    SEEN.append(n_after)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, closed is None, n_after, tuple(after.shape), float(tf.reduce_sum(after))


for step in range(26):
    if step == 12:
        ROWS = 6
    j = (step * 8) % 56
    loss, closed_none, n_after, shp, tot = train_step(tf.constant(XS[j:j + 8]), tf.constant(YS[j:j + 8]))
    print(step, float(loss).hex(), closed_none, n_after, shp, tot.hex())

print("final", [float(v).hex() for v in W.numpy().ravel()], sum(SEEN), ROWS)
