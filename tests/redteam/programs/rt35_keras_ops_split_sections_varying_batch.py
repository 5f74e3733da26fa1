"""Batches cycle through sizes 8, 7, 6.  The step splits the per-example errors with
keras.ops.split(err, [2, 5]) (index sections: Keras computes the last section's size
from x.shape[0], the static dimension) and weights the three parts differently; it also
prints the static shapes of the parts as lists.  Probes: Keras code reading a static
dimension that varies between calls."""
import random
import numpy
random.seed(7); numpy.random.seed(7)
import json
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3535)
rng = np.random.default_rng(3535)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 4)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def hexs(t):
    return [float(v).hex() for v in np.asarray(t).ravel()]

SH = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        err = tf.square(h @ W2 - y)
        a, b, c = keras.ops.split(err, [2, 5], axis=0)
        SH.append([tuple(t.shape.as_list()) for t in (a, b, c)])
        loss = tf.reduce_sum(a) * 0.5 + tf.reduce_sum(b) + tf.reduce_sum(c) * 2.0
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    b = [8, 7, 6][step % 3]
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + b]), tf.constant(YS[i:i + b]))
    print(step, float(loss).hex(), SH[-1])


def summary():
    return {"n": len(SH)}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
