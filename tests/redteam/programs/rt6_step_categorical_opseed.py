"""Seeded random draws in the step under a global seed: tf.random.categorical samples
actions from the logits and a weight-noise tf.random.normal is drawn either without an
op seed or with an explicit one (OP_SEED). Step 12: the temperature changes. Step 16:
the number of samples changes. Step 20: OP_SEED None -> 7. Step 26: OP_SEED -> 8.
Step 30: OP_SEED back to 7 (eager continues the first seed-7 kernel's stream, it does
not restart it). Step 34: OP_SEED -> None. After the loop the global generator is probed
with fresh draws."""
import random

import numpy as np
import tensorflow as tf

random.seed(43)
np.random.seed(43)
tf.random.set_seed(43)

rng = np.random.default_rng(71)
X = tf.constant(rng.normal(size=(64, 5)), dtype=tf.float32)
Y = tf.constant(rng.integers(0, 4, size=64), dtype=tf.int32)
W = tf.Variable(rng.normal(size=(5, 4)).astype("float32") * 0.3)

TEMP = 1.0
NUM_SAMPLES = 2
OP_SEED = None


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = x @ W
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
    g = tape.gradient(loss, W)
    samples = tf.random.categorical(logits / TEMP, NUM_SAMPLES)
    if OP_SEED is None:
        noise = tf.random.normal([5, 4], stddev=0.01)
    else:
        noise = tf.random.normal([5, 4], stddev=0.01, seed=OP_SEED)
    W.assign_sub(0.2 * g + noise)
    return loss, samples, noise


for step in range(38):
    if step == 12:
        TEMP = 0.5
    elif step == 16:
        NUM_SAMPLES = 3
    elif step == 20:
        OP_SEED = 7
    elif step == 26:
        OP_SEED = 8
    elif step == 30:
        OP_SEED = 7
    elif step == 34:
        OP_SEED = None
    i = (step * 8) % 56
    loss, samples, noise = train_step(X[i:i + 8], Y[i:i + 8])
    print(step, repr(float(loss)), samples.numpy()[:4].tolist(), repr(float(tf.reduce_sum(noise))))

print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))))
print("after uniform", tf.random.uniform([3]).numpy().tolist())
print("after seeded", tf.random.normal([2], seed=7).numpy().tolist())
print("after categorical", tf.random.categorical([[0.0, 0.0, 0.0]], 5).numpy().tolist())
print("py", random.random(), "np", np.random.rand())
