"""Batches cycle through sizes 9, 8, 7.  The step divides the batch into 3 chunks with
keras.ops.array_split (sizes computed from the batch size, larger chunks first) and
weights chunk k by (k+1); it prints each chunk's row count (int of its shape tensor).
Probes: Python-side size arithmetic inside Keras on a dimension that varies."""
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

SZ = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        err = tf.square(h @ W2 - y)
        parts = keras.ops.array_split(err, 3, axis=0)
        loss = 0.0
        for k, p in enumerate(parts):
            loss = loss + (k + 1) * tf.reduce_mean(p)
        SZ.append([int(tf.shape(p)[0]) for p in parts])
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    b = [9, 8, 7][step % 3]
    i = (step * 7) % 54
    loss = train_step(tf.constant(XS[i:i + b]), tf.constant(YS[i:i + b]))
    print(step, float(loss).hex(), SZ[-1])


def summary():
    return {"n": len(SZ)}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
