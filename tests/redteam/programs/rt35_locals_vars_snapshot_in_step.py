"""The step takes `sorted(locals())` and `len(vars())` at two points (before and after the
tape) and stores `locals()["lr"]` into a global list, where lr is a local computed from
a Python schedule global changed at step 15.  Probes: the frame's locals dict made by a
converted step."""
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

SCHED = 0.05
SNAP = []


def train_step(x, y):
    lr = SCHED * 2
    a = sorted(locals())
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) * lr
    b = sorted(locals())
    SNAP.append((a, b, locals()["lr"]))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 15:
        SCHED = 0.02
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), SNAP[-1])


def summary():
    return {"n": len(SNAP)}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
