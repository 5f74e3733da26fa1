"""A replay-style buffer is a tf.Variable with shape=tf.TensorShape([None, 1]) that the
step grows by one row per call (BUF.assign(tf.concat([BUF, row], 0))) and trims to its
last 6 rows; the step reads `BUF.read_value().shape[0]`, `len(BUF.value())` and
`BUF.shape` and prints them, and weights the loss by the buffer's mean.  Eagerly a read
value has the concrete shape; a variable of unknown shape gives a graph tensor none.
Probes: static shapes of values read from variables of unknown shape."""
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

BUF = tf.Variable(tf.zeros([1, 1]), shape=tf.TensorShape([None, 1]))
INFO = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    new = tf.concat([BUF, tf.reshape(loss, [1, 1])], 0)
    BUF.assign(new[-6:])
    v = BUF.read_value()
    INFO.append((v.shape[0], len(BUF.value()), str(BUF.shape)))
    return loss, tf.reduce_mean(v)


for step in range(30):
    i = (step * 8) % 56
    loss, m = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), float(m).hex(), INFO[-1])


def summary():
    return {"buf": hexs(BUF.numpy())}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
