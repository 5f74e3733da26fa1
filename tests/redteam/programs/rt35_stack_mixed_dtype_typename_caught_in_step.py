"""The step stacks two per-example statistics with tf.stack inside try/except Exception,
recording the exception's class name.  From step 10 the second statistic comes from a
float64 global (a config switch), so the stack mixes float32 and float64: eagerly Pack
raises InvalidArgumentError, while graph construction raises TypeError.  Probes: dtype
checks TF makes only when building a graph, seen by the step's own handler."""
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

SCALE = tf.constant(1.0, tf.float32)
SEEN = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        pred = h @ W2
        loss = tf.reduce_mean(tf.square(pred - y))
    try:
        st = tf.stack([tf.reduce_mean(pred), tf.reduce_mean(y) * SCALE])
        stat = float(st[0] - st[1])
    except Exception as e:
        SEEN.append(type(e).__name__)
        stat = -1.0
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, stat


for step in range(30):
    if step == 10:
        SCALE = tf.constant(1.0, tf.float64)
    if step == 20:
        SCALE = tf.constant(2.0, tf.float32)
    i = (step * 8) % 56
    loss, stat = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), stat)


def summary():
    return {"seen": SEEN}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
