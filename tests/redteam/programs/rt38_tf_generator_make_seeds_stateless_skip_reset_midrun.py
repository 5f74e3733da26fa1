"""A tf.random.Generator G (Philox, from_seed(11)) drives augmentation: each step draws
seeds = G.make_seeds(2) and uses column 0 for tf.random.stateless_normal noise and column
1 for a stateless_uniform feature mask, plus one direct draw G.uniform([]) used as a
scale.  Mid-run the loop moves the generator from outside: step 9 G.skip(1000), step 15
G.reset_from_seed(99), step 21 rebinds G to a fresh Generator.from_seed(5, alg="philox").
Prints G's state and the seeds each step.  Probes: a stateful tf.random.Generator read and
advanced in the step, moved and replaced between steps."""
import random

import numpy

random.seed(396)
numpy.random.seed(396)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3816)
rng = np.random.default_rng(3816)
XS = rng.normal(size=(48, 5)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.Adam(learning_rate=0.02)
G = tf.random.Generator.from_seed(11)


def train_step(x, y):
    seeds = G.make_seeds(2)
    noise = tf.random.stateless_normal(tf.shape(x), seed=seeds[:, 0], stddev=0.1)
    mask = tf.cast(tf.random.stateless_uniform([x.shape[1]], seed=seeds[:, 1]) > 0.2, tf.float32)
    scale = G.uniform([], 0.5, 1.5)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(((x + noise) * mask) @ W * scale - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, seeds


for step in range(28):
    if step == 9:
        G.skip(1000)
    elif step == 15:
        G.reset_from_seed(99)
    elif step == 21:
        G = tf.random.Generator.from_seed(5, alg="philox")
    i = (step * 8) % 48
    loss, seeds = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), seeds.numpy().tolist(), G.state.numpy().tolist())

print(json.dumps({"W": W.numpy().ravel().tolist(), "G": G.state.numpy().tolist(),
                  "alg": str(G.algorithm), "it": int(OPT.iterations)}))
