"""Python `random`, numpy's legacy global generator and a numpy Generator drawn inside the
step (augmentation decisions and noise), with their states saved and restored from outside
(replaying the same draws), reseeded, and a generator object rebound; the loop also draws
between steps.

Inside the step: `random.random() < 0.5` decides a horizontal flip (a Python branch on a
draw), random.gauss (whose second value is cached in the Random object), np.random.normal
noise, np.random.randint, RNG.integers picks rows to zero, RNG.standard_normal.
Step 13: all three states are saved. Step 18: all three are restored (steps 18.. repeat the
draws of 13..). Step 24: random.seed(9). Step 28: np.random.seed(4). Step 32: RNG is rebound
to default_rng(99). Step 35: RNG.bit_generator.state = the state saved at 13.
Odd steps also draw random.random() in the loop, outside the step.
A wrong converter takes draws at build time, draws them in another order, or misses a
restore/rebind."""
import random

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(3725)
random.seed(3725)
np.random.seed(3725)
RNG = np.random.default_rng(3725)

digits = load_digits()
X = (digits.data / 16.0).astype("float32").reshape(-1, 8, 8)
Y = digits.target.astype("int32")
W = tf.Variable(RNG.normal(size=(64, 10)).astype("float32") * 0.05)


def train_step(x, y):
    flip = random.random() < 0.5
    if flip:
        x = tf.reverse(x, axis=[2])
    g = random.gauss(0.0, 0.01)
    noise = np.random.normal(0.0, 0.05, size=(16, 8, 8)).astype("float32")
    shift = np.random.randint(0, 3)
    rows = RNG.integers(0, 16, size=3)
    scale = RNG.standard_normal() * 0.01 + 1.0
    mask = np.ones((16, 1), "float32")
    mask[rows] = 0.0
    x = tf.reshape(tf.roll(x + noise, shift, axis=1), (16, 64)) * mask * scale
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, x @ W)) + g
    W.assign_sub(0.3 * tape.gradient(loss, W))
    return loss, flip, repr(g), shift, rows.tolist(), repr(scale)


saved = None
for step in range(38):
    if step == 13:
        saved = (random.getstate(), np.random.get_state(), RNG.bit_generator.state)
    elif step == 18:
        random.setstate(saved[0])
        np.random.set_state(saved[1])
        RNG.bit_generator.state = saved[2]
    elif step == 24:
        random.seed(9)
    elif step == 28:
        np.random.seed(4)
    elif step == 32:
        RNG = np.random.default_rng(99)
    elif step == 35:
        RNG.bit_generator.state = saved[2]
    outside = repr(random.random()) if step % 2 else "-"
    i = (step * 16) % (len(X) - 16)
    loss, flip, g, shift, rows, scale = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    print(step, repr(float(loss)), flip, g, shift, rows, scale, outside)

print("ck", repr(float(np.sum(np.abs(W.numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random(),
      random.gauss(0, 1), RNG.random())
