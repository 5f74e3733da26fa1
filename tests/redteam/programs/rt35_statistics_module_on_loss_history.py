"""The step appends float(loss) to a global history and, once it holds 5 values, uses
statistics.median, statistics.pstdev and statistics.fmean of the last 5 (pure-Python
stdlib with exact Fraction arithmetic inside) to z-score the loss; a z above ZMAX (a
global lowered at step 15) halves the gradients.  Probes: stdlib pure-Python numerics
on floats the graph computes."""
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

import statistics
HIST = []
ZMAX = 1.5
ZS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    lf = float(loss)
    HIST.append(lf)
    z = 0.0
    if len(HIST) >= 5:
        last = HIST[-5:]
        sd = statistics.pstdev(last)
        z = (lf - statistics.fmean(last)) / sd if sd > 0 else 0.0
        z = z + 0.0 * statistics.median(last)
    ZS.append(z)
    grads = tape.gradient(loss, [W1, W2])
    if z > ZMAX:
        grads = [g * 0.5 for g in grads]
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, z


for step in range(30):
    if step == 15:
        ZMAX = 0.2
    i = (step * 8) % 56
    loss, z = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), z.hex())


def summary():
    return {"zs": [z.hex() for z in ZS]}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
