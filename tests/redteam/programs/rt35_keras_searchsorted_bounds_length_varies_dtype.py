"""Bucket boundaries are a tensor argument whose length cycles 4, 5, 6 across calls
(a curriculum adds boundaries).  The step calls keras.ops.searchsorted(bounds, values),
which picks int32 output when the sorted sequence's static length is known and int64
when it is None; the step prints the index dtype and uses the indices through one_hot.
Probes: Keras code deciding a dtype from a dimension the cache may relax."""
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

DT = []


def train_step(x, y, bounds):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        pred = h @ W2
        idx = keras.ops.searchsorted(bounds, tf.reshape(pred, [-1]))
        DT.append(str(idx.dtype))
        w = tf.reduce_sum(tf.one_hot(idx, 8), axis=0)
        loss = tf.reduce_mean(tf.square(pred - y)) * (1.0 + 0.01 * w[0])
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, idx


for step in range(30):
    n = [4, 5, 6][step % 3]
    bounds = tf.constant(np.linspace(-1.0, 1.0, n).astype(np.float32))
    i = (step * 8) % 56
    loss, idx = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), bounds)
    print(step, float(loss).hex(), DT[-1], idx.dtype.name, idx.numpy().tolist())


def summary():
    return {"dtypes": sorted(set(DT))}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
