"""Random draws in helpers janus takes over (train_step refused: model-probability draw and
crc32) under train_step's tape, with a global seed: tf.random.normal noise added to a watched
activation, tf.nn.dropout, tf.random.uniform mixing weights, tf.random.categorical samples
from the model's logits used to gather rows, a Keras Dropout layer (SeedGenerator) and
keras.random.normal. Janus must draw eager's numbers and record the ops so the gradient
(which depends on the masks and samples) is eager's."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

tf.keras.utils.set_random_seed(301)
rng = np.random.default_rng(301)
XS = rng.normal(size=(120, 4)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 5)).astype(np.float32) * 0.5, name="W")
V = tf.Variable(rng.normal(size=(5, 3)).astype(np.float32) * 0.5, name="V")
DROP = keras.layers.Dropout(0.3)
PICK = np.random.default_rng(31)


def noisy(x):
    h = tf.nn.relu(x @ W)
    h = h + tf.random.normal(tf.shape(h), stddev=0.05)
    h = tf.nn.dropout(h, rate=0.25)
    mix = tf.random.uniform([1, 5])
    return h * mix + h * (1.0 - mix) * 0.5


def sampled(h):
    logits = h @ V
    idx = tf.random.categorical(logits, 2)
    picked = tf.gather(logits, idx, axis=1, batch_dims=1)
    k = DROP(logits, training=True) + keras.random.normal((1, 3), stddev=0.01)
    return picked, k, idx


def train_step(x):
    with tf.GradientTape() as tape:
        h = noisy(x)
        picked, k, idx = sampled(h)
        loss = tf.reduce_mean(tf.square(picked - 0.3)) + 0.1 * tf.reduce_mean(tf.square(k))
    gw, gv = tape.gradient(loss, [W, V])
    p = tf.nn.softmax(tf.reshape(k, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(gw.numpy().tobytes() + gv.numpy().tobytes())
    W.assign_sub(0.05 * gw)
    V.assign_sub(0.05 * gv)
    return loss, gw, gv, idx, pick, crc


for step in range(30):
    x = tf.constant(XS[step * 3:step * 3 + 6])
    loss, gw, gv, idx, pick, crc = train_step(x)
    print(step, repr(float(loss)), idx.numpy().ravel().tolist(), pick, crc)
    print("   ", gw.numpy().ravel().tolist()[:5], gv.numpy().ravel().tolist()[:5])

print(json.dumps({"W": W.numpy().ravel().tolist(), "V": V.numpy().ravel().tolist(),
                  "next_normal": float(tf.random.normal([]).numpy())}))
