"""The step keeps what `EMA.assign(...)` and `CNT.assign_add(1)` return, prints their
type name, whether they are the variable (`r is EMA`), their dtype and value, and
stores the last returned object in a global read by the next step (`LAST.numpy()`).
Probes: the object identity/type of a variable method's return value kept across calls."""
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

EMA = tf.Variable(0.0)
CNT = tf.Variable(0, dtype=tf.int64)
LAST = None
INFO = []


def train_step(x, y):
    global LAST
    prev = 0.0 if LAST is None else float(LAST.numpy())
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    r = EMA.assign(0.9 * EMA + 0.1 * loss)
    c = CNT.assign_add(1)
    INFO.append((type(r).__name__, r is EMA, type(c).__name__, r.dtype.name))
    LAST = r
    return loss, prev, c


for step in range(30):
    i = (step * 8) % 56
    loss, prev, c = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), prev.hex(), int(c), INFO[-1])
last_type = type(LAST).__name__
del LAST


def summary():
    return {"ema": float(EMA.numpy()).hex(), "cnt": int(CNT.numpy()), "last_type": last_type,
            "kinds": sorted(set(map(str, INFO)))}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
