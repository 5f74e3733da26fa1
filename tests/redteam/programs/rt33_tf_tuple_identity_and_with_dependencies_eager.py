"""The step gates its two gradients with tf.tuple (TF1 style, so that both are computed
before either is used) and its loss with tf.control_dependencies + tf.identity.  Eagerly
tf.tuple returns the very tensors it was given (a new list, same objects) and
control_flow_ops.with_dependencies returns its output tensor itself; in a graph they
are new tensors.  The step records `gated[0] is gw` and `dep is loss` and skips a
redundant copy when they are the same object.  Probes: identity of tensors that
library code returns as-is only when executing eagerly."""
import random
import numpy
random.seed(34)
numpy.random.seed(34)
import keras
import numpy as np
import tensorflow as tf
from tensorflow.python.ops import control_flow_ops

keras.utils.set_random_seed(3334)
rng = np.random.default_rng(3334)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 2:3] * 0.7).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
B = tf.Variable(tf.zeros([1]))
OPT = keras.optimizers.SGD(learning_rate=0.05)
SAME = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    gated = tf.tuple([gw, gb])
    dep = control_flow_ops.with_dependencies([gw], loss)
    same = (gated[0] is gw, gated[1] is gb, dep is loss)
    SAME.append(same)
    if not same[0]:
        gated = [tf.identity(g) for g in gated]
    OPT.apply_gradients(zip(gated, [W, B]))
    return dep, same


for step in range(30):
    i = (step * 8) % 56
    loss, same = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), same)

print("same", SAME.count((True, True, True)), len(SAME))
print("W", [float(v).hex() for v in W.numpy().ravel()], float(B.numpy()[0]).hex())
