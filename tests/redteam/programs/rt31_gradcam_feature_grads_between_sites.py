"""Grad-CAM-style saliency logged while fine-tuning: an encoder site gives features
h, a head site gives logits, a loss site the loss.  With one persistent tape the
co-executed step (zlib.crc32 of the saliency map's argmax pattern) takes the
gradient of the top class score with respect to the encoder's output h (a tensor a
site returned), the loss's gradient with respect to [h, variables] in one nested
structure, and the gradient of an unused variable with
unconnected_gradients=ZERO.  At step 12 the head is called twice (feature
mixing).  Probes: gradients with respect to tensors a site returned and handed to
another site."""
import random

import numpy

random.seed(59)
numpy.random.seed(59)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5901)
rng = np.random.default_rng(5901)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = np.argmax(XS[:, 2:5], axis=1).astype(np.int32)

encoder = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu")])
head = keras.Sequential([keras.Input((8,)), keras.layers.Dense(3)])
spare = tf.Variable(tf.zeros((2,)))
xent = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
opt = keras.optimizers.Adam(0.02)
sal_mean = keras.metrics.Mean()
crcs = []


def train_step(x, y, mix):
    with tf.GradientTape(persistent=True) as tape:
        h = encoder(x, training=True)
        logits = head(h)
        if mix:
            logits = 0.5 * (logits + head(tf.reverse(h, axis=[0])))
        score = tf.reduce_sum(tf.reduce_max(logits, axis=1))
        loss = xent(y, logits)
    dscore_dh = tape.gradient(score, h)
    dh, dvars = tape.gradient(loss, [h, encoder.trainable_variables + head.trainable_variables])
    dspare = tape.gradient(loss, spare, unconnected_gradients=tf.UnconnectedGradients.ZERO)
    del tape
    cam = tf.reduce_sum(tf.nn.relu(dscore_dh * h), axis=1).numpy()
    crcs.append(zlib.crc32(np.argsort(cam).astype(np.int64).tobytes()) % 9999)
    opt.apply_gradients(zip(dvars, encoder.trainable_variables + head.trainable_variables))
    sal_mean(cam)
    return loss, float(tf.reduce_sum(tf.abs(dh))), float(tf.reduce_sum(dspare))


for step in range(30):
    i = (step * 8) % 56
    loss, dh, ds = train_step(XS[i:i + 8], YS[i:i + 8], step >= 12)
    print(step, repr(float(loss)), repr(dh), repr(ds), repr(float(sal_mean.result())))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in encoder.trainable_variables + head.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "crcs": crcs[-3:],
}))
