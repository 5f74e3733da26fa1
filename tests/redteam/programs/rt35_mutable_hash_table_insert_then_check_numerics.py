"""A tf.lookup.experimental.MutableHashTable (int64 -> float32) counts visits per batch id:
the step reads the old count (lookup, default 0), inserts count+1, then takes
tf.debugging.check_numerics of log(loss - FLOOR) which is NaN on steps where the loss
is below FLOOR (FLOOR rises at step 12); the loop catches the error.  Eagerly the insert
before the failing check has happened once per call.  Probes: lookup-table writes under
all-or-nothing and re-run on failure."""
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

T = tf.lookup.experimental.MutableHashTable(tf.int64, tf.float32, default_value=0.0)
FLOOR = -1.0
FAILS = []


def train_step(x, y, bid):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    old = T.lookup(bid)
    T.insert(bid, old + 1.0)
    tf.debugging.check_numerics(tf.math.log(loss - FLOOR), "floor")
    return loss, old


for step in range(30):
    if step == 12:
        FLOOR = 0.3
    i = (step * 8) % 56
    bid = tf.constant([i // 8], tf.int64)
    try:
        loss, old = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), bid)
        print(step, float(loss).hex(), float(old[0]))
    except tf.errors.InvalidArgumentError:
        FAILS.append(step)
        print(step, "nan")
keys, vals = T.export()
table = sorted(zip(keys.numpy().tolist(), vals.numpy().tolist()))


def summary():
    return {"fails": FAILS, "table": table}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
