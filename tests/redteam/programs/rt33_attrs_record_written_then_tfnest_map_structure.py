"""The step keeps its per-layer loss coefficients in an `attrs` class instance (tf.nest
treats attrs classes as structures and reads their fields natively with getattr).  The
step first overwrites one field from a Python counter (`COEF.aux = ...`), then calls
tf.nest.map_structure over the record to turn the coefficients into tensors, and also
rebuilds a record with tf.nest.pack_sequence_as.  Probes: library code that reads a
program object's attributes natively after the step wrote them, and objects library
code makes of the program's class."""
import random
import numpy
random.seed(14)
numpy.random.seed(14)
import attr
import keras
import numpy as np
import tensorflow as tf


@attr.s
class Coefs:
    main = attr.ib()
    aux = attr.ib()


COEF = Coefs(main=1.0, aux=0.5)
keras.utils.set_random_seed(3314)
rng = np.random.default_rng(3314)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.05)
K = 0
KEEP = []


def train_step(x, y):
    global K
    K += 1
    COEF.aux = 0.5 / K
    c = tf.nest.map_structure(lambda v: tf.constant(v, tf.float32), COEF)
    flat = tf.nest.flatten(COEF)
    rec = tf.nest.pack_sequence_as(COEF, [f * 2 for f in flat])
    KEEP.append(rec)
    with tf.GradientTape() as tape:
        p = x @ W
        loss = c.main * tf.reduce_mean(tf.square(p - y)) + c.aux * tf.reduce_mean(tf.abs(W))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    return loss, flat


for step in range(30):
    i = (step * 8) % 56
    loss, flat = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), flat, KEEP[-1])

print("types", type(KEEP[-1]).__name__, KEEP[-1] is KEEP[-2], len(KEEP))
print("W", [float(v).hex() for v in W.numpy().ravel()])
