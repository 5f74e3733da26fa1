"""Spectrogram-like batches (B, 8 freq bins, T frames) with a variable number of frames
T.  The step adds a learned per-bin bias of shape (8,) with keras.ops.add.  Keras' TF
add takes a bias_add shortcut decided on static shapes: if x.shape[-1] == 8 it adds
along the last axis (NHWC), else if x.shape[1] == 8 along axis 1 (NCHW).  So eagerly a
batch with T == 8 gets the bias along the frames, the others along the bins.  A graph
whose T dimension was relaxed to None always sees shape[-1] is None.  Probes: Keras
code deciding on static shapes that janus relaxes."""
import random

import numpy

random.seed(3424)
numpy.random.seed(3424)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3424)
rng = np.random.default_rng(3424)
FRAMES = [5, 8, 6, 8, 7, 9, 8, 4]
BATCHES = []
for k, t in enumerate(FRAMES * 5):
    x = rng.normal(size=(4, 8, t)).astype(np.float32)
    y = (x.mean(axis=2)[:, :1] + 0.1 * k % 3).astype(np.float32)
    BATCHES.append((x, y))
BIAS = tf.Variable(np.linspace(-0.4, 0.4, 8).astype(np.float32), name="bias")
HEAD = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.3, name="head")
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = keras.ops.add(x, BIAS)
        feats = tf.reduce_mean(tf.tanh(h), axis=2)
        loss = tf.reduce_mean(tf.square(feats @ HEAD - y))
    grads = tape.gradient(loss, [BIAS, HEAD])
    OPT.apply_gradients(zip(grads, [BIAS, HEAD]))
    return loss


for step, (x, y) in enumerate(BATCHES):
    loss = train_step(tf.constant(x), tf.constant(y))
    print(step, x.shape[2], float(loss).hex())

print("bias", [float(v).hex() for v in BIAS.numpy()])
print("head", [float(v).hex() for v in HEAD.numpy().ravel()])
