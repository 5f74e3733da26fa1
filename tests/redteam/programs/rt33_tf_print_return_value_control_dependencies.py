"""TF1-style logging in the step: `p = tf.print("loss", loss)` and then
`with tf.control_dependencies([p] if p is not None else []):` around the update, and the
step records whether tf.print gave back an op.  Eagerly tf.print prints at once and
returns None; in a graph it returns the PrintV2 operation.  Probes: the return value
of tf.print, which janus replays after the graph."""
import random
import numpy
random.seed(41)
numpy.random.seed(41)
import sys
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3341)
rng = np.random.default_rng(3341)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 1:2] - XS[:, 2:3]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.05)
GOT = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    p = tf.print("  tfprint loss", loss, output_stream=sys.stdout)
    GOT.append(p is None)
    with tf.control_dependencies([p] if p is not None else []):
        OPT.apply_gradients(zip(g, [W]))
    return loss


for step in range(30):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), GOT[-1])

print("none", GOT.count(True), len(GOT))
print("W", [float(v).hex() for v in W.numpy().ravel()])
