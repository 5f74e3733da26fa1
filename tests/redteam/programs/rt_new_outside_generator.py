"""Batches come from a Python generator created outside the step and advanced inside it with
next() (it also counts what it yielded in a global); at step 12 the loop swaps in a new
generator that yields the batches in reverse order, and at step 20 advances it once itself.
A converter that snapshots the generator, or runs it at build time, feeds the wrong batches."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(102)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(38)
XS = [tf.constant(rng.normal(size=(8, 3))) for _ in range(5)]
YS = [tf.constant(rng.normal(size=(8, 1))) for _ in range(5)]
W = tf.Variable(np.zeros((3, 1)))
YIELDED = []


def batches(order):
    while True:
        for i in order:
            YIELDED.append(i)
            yield i, XS[i], YS[i]


GEN = batches([0, 1, 2, 3, 4])


def train_step():
    i, x, y = next(GEN)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    return loss, i


for step in range(30):
    if step == 12:
        GEN = batches([4, 3, 2, 1, 0])
    if step == 20:
        next(GEN)
    loss, i = train_step()
    print(step, repr(float(loss)), i, len(YIELDED))

print("yielded", YIELDED)
print("W", W.numpy().ravel().tolist())
