"""The training loop re-seeds TensorFlow's global generator from outside the step, as
programs do when they restart a phase "reproducibly": step 14 tf.random.set_seed(101)
(the seed the program started with, so the step's tf draws repeat those of step 0 on),
step 22 keras.utils.set_random_seed(5) (also reseeds Python's and numpy's generators),
step 30 tf.random.set_seed(101) again. The step draws tf.random.normal, tf.nn.dropout
and tf.random.uniform without op seeds, plus random.random() and np.random.normal()."""
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(101)
np.random.seed(101)
tf.random.set_seed(101)

rng = np.random.default_rng(73)
X = tf.constant(rng.normal(size=(64, 6)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)
W1 = tf.Variable(rng.normal(size=(6, 8)).astype("float32") * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype("float32") * 0.4)


def train_step(x, y):
    jitter = tf.random.normal(tf.shape(x), stddev=0.05)
    with tf.GradientTape() as tape:
        h = tf.nn.relu((x + jitter) @ W1)
        h = tf.nn.dropout(h, rate=0.25)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    lr = 0.05 + 0.01 * random.random()
    shake = np.random.normal(0.0, 0.001)
    u = tf.random.uniform([2])
    W1.assign_sub(lr * g1)
    W2.assign_sub(lr * g2 + shake)
    return loss, jitter[0, 0], u, lr, shake


for step in range(38):
    if step == 14:
        tf.random.set_seed(101)
    elif step == 22:
        keras.utils.set_random_seed(5)
    elif step == 30:
        tf.random.set_seed(101)
    i = (step * 16) % 48
    loss, j, u, lr, shake = train_step(X[i:i + 16], Y[i:i + 16])
    print(step, repr(float(loss)), repr(float(j)), u.numpy().tolist(), repr(lr), repr(shake))

print("W", repr(float(tf.reduce_sum(tf.cast(W1, tf.float64)))), repr(float(tf.reduce_sum(tf.cast(W2, tf.float64)))))
print("after", tf.random.normal([3]).numpy().tolist(), random.random(), np.random.rand())
