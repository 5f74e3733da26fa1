"""tf.nn.dropout(h, rate=RATE) without an op seed, then tf.random.uniform noise without
an op seed, under a global seed.  With RATE == 0.0 (steps 10-19) dropout takes its fast
path but still calls `random_seed.get_seed(None)` (its dummy_rng_step) so that the op
seeds of later draws do not shift; eagerly that advances the context's op-seed counter.
Probes: a seed-counter side effect of a library call that draws nothing."""
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

RATE = 0.25


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        h = tf.nn.dropout(h, rate=RATE)
        noise = tf.random.uniform([1], -0.01, 0.01)
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) + noise[0]
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, noise


tf.random.set_seed(99)
for step in range(30):
    if step == 10:
        RATE = 0.0
    if step == 20:
        RATE = 0.1
    i = (step * 8) % 56
    loss, noise = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), float(noise[0]).hex())
after = tf.random.uniform([2])


def summary():
    return {"after": hexs(after)}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
