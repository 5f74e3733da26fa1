"""keras.random draws in the step (a program-held SeedGenerator, the global one with
seed=None, and a stateless int seed), a Dropout layer's own SeedGenerator, with
keras.utils.set_random_seed and keras.backend.clear_session called from the loop.

clear_session() replaces Keras' whole global state: the global SeedGenerator (the next
seed=None draw makes a new one, seeded from Python's `random`) and the name counters.
  step 12: keras.utils.set_random_seed(99)   (drops the global SeedGenerator, reseeds
           random/numpy/tf)
  step 16: draws in the loop: keras.random.normal((2,)) and tf.random.uniform([2])
  step 20: keras.backend.clear_session()     (new global state; a Dense made afterwards
           is named "dense" again)
  step 24: SG = keras.random.SeedGenerator(5) (the program's generator rebound)
  step 28: drop.rate = 0.0                    (Dropout becomes the identity: no draw)
  step 31: keras.backend.clear_session() again, then a loop draw with seed=None
A wrong converter reuses the old global generator's state or a stale SeedGenerator,
draws a different number of times, or moves Python's random differently; noise checksums,
losses, names and the final RNG probes differ.
"""
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(825)

model = keras.Sequential([keras.layers.Dense(12, activation="relu"), keras.layers.Dropout(0.3),
                          keras.layers.Dense(1)])
model.build((None, 6))
drop = model.layers[1]
opt = keras.optimizers.SGD(0.03)
SG = keras.random.SeedGenerator(17)

rng = np.random.default_rng(825)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = (XS[:, :1] * 2.0 - XS[:, 5:6]).astype(np.float32)


def train_step(x, y):
    n1 = keras.random.normal((8, 6), stddev=0.05, seed=SG)
    n2 = keras.random.uniform((8, 1), minval=-0.05, maxval=0.05)
    with tf.GradientTape() as tape:
        h = model(x + n1, training=True)
        h = keras.random.dropout(h, 0.1, seed=7)
        loss = tf.reduce_mean(tf.square(h - (y + n2)))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    print("  noise", repr(float(tf.reduce_sum(n1))), repr(float(tf.reduce_sum(n2))),
          "drop_state", drop.seed_generator.state.numpy().tolist())
    return loss


names = []
for step in range(36):
    if step == 12:
        keras.utils.set_random_seed(99)
    if step == 16:
        a = keras.random.normal((2,))
        b = tf.random.uniform([2])
        print("loop draws", a.numpy().tolist(), b.numpy().tolist())
    if step == 20:
        keras.backend.clear_session()
        names.append(keras.layers.Dense(3).name)
    if step == 24:
        SG = keras.random.SeedGenerator(5)
    if step == 28:
        drop.rate = 0.0
    if step == 31:
        keras.backend.clear_session()
        print("loop draw", keras.random.uniform((2,)).numpy().tolist(), random.random())
        names.append(keras.layers.Dense(3).name)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), SG.state.numpy().tolist())

names.append(keras.layers.Dense(3).name)
print("names", names, [l.name for l in model.layers], opt.name)
print("final", [repr(float(tf.reduce_sum(v))) for v in model.weights])
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()),
      keras.random.normal((1,)).numpy().tolist())
