"""A hand-written SGD step applies its updates with `tf.group(*assigns)`, TF1 style,
and keeps what tf.group returned: eagerly tf.group returns None (the updates already ran),
in a graph it returns an Operation.  The step counts how often it got an op back
(`if upd is not None: ...`, TF1-compatible code that would run the op in a session) and
records the type name.  Probes: library functions whose *return value* differs between
eager and graph mode."""
import random
import numpy
random.seed(33)
numpy.random.seed(33)
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3333)
rng = np.random.default_rng(3333)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 1.1 - XS[:, 3:4]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
B = tf.Variable(tf.zeros([1]))
GOT_OPS = []
KINDS = []


def train_step(x, y, lr):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    upd = tf.group(W.assign_sub(lr * gw), B.assign_sub(lr * gb))
    KINDS.append(type(upd).__name__)
    if upd is not None:
        GOT_OPS.append(1)
    return loss, upd is None


for step in range(30):
    i = (step * 8) % 56
    loss, was_none = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), 0.05)
    print(step, float(loss).hex(), was_none, len(GOT_OPS))

print("kinds", sorted(set(KINDS)), len(KINDS))
print("W", [float(v).hex() for v in W.numpy().ravel()], float(B.numpy()[0]).hex())
