"""tf.random.Generator draws and stateless ops with seeds computed in Python, while the
generators are reseeded, skipped, split and replaced from outside mid-run.

The step adds GEN.normal noise to the input, masks hidden units with GEN.uniform, draws a
per-example weight with tf.random.stateless_uniform(seed=(EPOCH * 1000 + CALLS % 5, 7)) where
CALLS is a global the step increments, and one scalar from tf.random.get_global_generator().
Step 14: GEN.reset_from_seed(5).
Step 18: GEN.skip(100).
Step 22: GEN is replaced by GEN.split(1)[0] (split also advances the parent).
Step 27: tf.random.set_global_generator(tf.random.Generator.from_seed(3)).
Step 31: GEN.reset_from_key_counter(key=5, counter=[0, 9]).
Step 34: EPOCH += 1 (the stateless seed changes).
Each step prints the loss, GEN's state and the global generator's state.
A wrong converter freezes a generator's state or identity, or a Python-computed seed."""
import random

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(3624)
random.seed(3624)
rng = np.random.default_rng(3624)
tf.random.set_global_generator(tf.random.Generator.from_seed(1))

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

GEN = tf.random.Generator.from_seed(11)
EPOCH = 0
CALLS = 0
W1 = tf.Variable(rng.normal(size=(64, 32)).astype("float32") * 0.1)
W2 = tf.Variable(rng.normal(size=(32, 10)).astype("float32") * 0.1)


def train_step(x, y):
    global CALLS
    CALLS += 1
    x = x + GEN.normal(x.shape, stddev=0.1)
    keep = tf.cast(GEN.uniform([x.shape[0], 32]) > 0.2, tf.float32)
    sw = tf.random.stateless_uniform([x.shape[0]], seed=(EPOCH * 1000 + CALLS % 5, 7)) + 0.5
    jitter = tf.random.get_global_generator().uniform([], 0.9, 1.1)
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ W1) * keep / 0.8
        ce = tf.nn.sparse_softmax_cross_entropy_with_logits(y, h @ W2)
        loss = tf.reduce_sum(ce * sw) / tf.reduce_sum(sw) * jitter
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.2 * g1)
    W2.assign_sub(0.2 * g2)
    return loss


for step in range(38):
    if step == 14:
        GEN.reset_from_seed(5)
    elif step == 18:
        GEN.skip(100)
    elif step == 22:
        GEN = GEN.split(1)[0]
    elif step == 27:
        tf.random.set_global_generator(tf.random.Generator.from_seed(3))
    elif step == 31:
        GEN.reset_from_key_counter(key=5, counter=[0, 9])
    elif step == 34:
        EPOCH += 1
    i = (step * 16) % (len(X) - 16)
    loss = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    print(step, repr(float(loss)), GEN.state.numpy().tolist(),
          tf.random.get_global_generator().state.numpy().tolist(), CALLS)

print("ck", repr(float(np.sum(np.abs(W1.numpy()), dtype=np.float64))),
      repr(float(np.sum(np.abs(W2.numpy()), dtype=np.float64))))
print("rng", GEN.normal([2]).numpy().tolist(), tf.random.uniform([2]).numpy().tolist(),
      np.random.rand(), random.random())
