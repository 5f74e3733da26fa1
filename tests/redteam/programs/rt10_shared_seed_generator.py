"""One keras.random.SeedGenerator object shared by two Dropout layers (assigned to their `seed_generator`), a program
layer that draws keras.random.uniform(seed=self.sg) in call(), and eager keras.random.normal
draws the step makes itself between the site calls: every draw advances the same state
variable, so the order and number of advances must be eager's. At step 14 the program
resets the generator's state with assign, at step 22 one Dropout gets a fresh generator.
The batch comes from a generator made outside the step (refused)."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(5555)
rng = np.random.default_rng(5555)
X = rng.normal(size=(96, 6)).astype("float32")
Y = rng.normal(size=(96, 1)).astype("float32")
SG = keras.random.SeedGenerator(1234)


class Jitter(keras.layers.Layer):
    def __init__(self, sg, **kw):
        super().__init__(**kw)
        self.sg = sg

    def call(self, x):
        return x + keras.random.uniform(tf.shape(x), -0.1, 0.1, seed=self.sg)


DROP1 = keras.layers.Dropout(0.3, seed=1)
DROP2 = keras.layers.Dropout(0.5, seed=2)
object.__setattr__(DROP1, "seed_generator", SG)
object.__setattr__(DROP2, "seed_generator", SG)
JIT = Jitter(SG)
D1 = keras.layers.Dense(6, activation="relu")
HEAD = keras.layers.Dense(1)
D1.build((None, 6))
HEAD.build((None, 6))
VARS = D1.trainable_variables + HEAD.trainable_variables


def batches():
    i = 0
    while True:
        yield tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8])
        i = (i + 8) % 88


DATA = batches()


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(step):
    x, y = next(DATA)
    with tf.GradientTape() as tape:
        h = DROP1(JIT(x), training=True)
        n = keras.random.normal((6,), seed=SG)
        h = D1(h + 0.01 * n)
        if step % 2:
            h = DROP2(h, training=True)
        p = HEAD(h)
        loss = tf.reduce_mean(tf.square(p - y))
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, n


for step in range(32):
    if step == 14:
        SG.state.assign([1234, 0])
    if step == 22:
        object.__setattr__(DROP2, "seed_generator", keras.random.SeedGenerator(99))
    loss, grads, n = train_step(step)
    print(step, repr(float(loss)), flat(SG.state), flat(DROP2.seed_generator.state), flat(n)[:2])
    print("  g", flat(grads[0])[:6], flat(grads[-1]))

print(json.dumps({"vars": [flat(v) for v in VARS]}))
