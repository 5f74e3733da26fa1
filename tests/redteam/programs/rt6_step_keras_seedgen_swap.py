"""keras.random draws in the step: dropout and normal noise seeded by a SeedGenerator the
program holds in CFG.seed, a keras Dropout layer (its own seed_generator) and
keras.random.categorical seeded with seed=None (Keras' lazily made global generator).
Step 12: the Dropout layer's seed_generator state is assigned from outside. Step 17: the
program's SeedGenerator state is rewound with state.assign. Step 23: CFG.seed is swapped
for another SeedGenerator. Step 27: keras.utils.set_random_seed(9) drops Keras' global
generator (the step's seed=None draw makes a new one, seeded from Python's random).
Step 31: CFG.seed becomes the int 1234 (the same numbers at every call)."""
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(47)
random.seed(47)
np.random.seed(47)
tf.random.set_seed(47)

rng = np.random.default_rng(79)
X = tf.constant(rng.normal(size=(64, 6)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 3)), dtype=tf.float32)
W1 = tf.Variable(rng.normal(size=(6, 10)).astype("float32") * 0.4)
W2 = tf.Variable(rng.normal(size=(10, 3)).astype("float32") * 0.4)
drop = keras.layers.Dropout(0.3, seed=3)


class Cfg:
    pass


CFG = Cfg()
CFG.seed = keras.random.SeedGenerator(11)
INITIAL_STATE = CFG.seed.state.numpy().copy()
OTHER = keras.random.SeedGenerator(12)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        h = keras.random.dropout(h, rate=0.2, seed=CFG.seed)
        h = drop(h, training=True)
        out = h @ W2
        loss = tf.reduce_mean(tf.square(out - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    noise = keras.random.normal((3,), stddev=0.01, seed=CFG.seed)
    picks = keras.random.categorical(out[:2], 3, seed=None)
    W1.assign_sub(0.05 * g1)
    W2.assign_sub(0.05 * g2 + noise)
    return loss, noise, picks


for step in range(36):
    if step == 12:
        drop.seed_generator.state.assign(np.array([77, 0], dtype=INITIAL_STATE.dtype))
    elif step == 17:
        CFG.seed.state.assign(INITIAL_STATE)
    elif step == 23:
        CFG.seed = OTHER
    elif step == 27:
        keras.utils.set_random_seed(9)
    elif step == 31:
        CFG.seed = 1234
    i = (step * 16) % 48
    loss, noise, picks = train_step(X[i:i + 16], Y[i:i + 16])
    print(step, repr(float(loss)), noise.numpy().tolist(), picks.numpy().tolist())

print("W", repr(float(tf.reduce_sum(tf.cast(W1, tf.float64)))), repr(float(tf.reduce_sum(tf.cast(W2, tf.float64)))))
print("states", OTHER.state.numpy().tolist(), drop.seed_generator.state.numpy().tolist())
print("after", keras.random.normal((2,)).numpy().tolist(), random.random(), np.random.rand())
