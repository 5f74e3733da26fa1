"""DP-SGD with the privacy step done in numpy: the co-executed step turns each
gradient into an ndarray, clips it to a norm bound, adds np.random Gaussian noise
(a float64 draw cast back to float32), and hands the ndarrays (not tensors) to
opt.apply_gradients as a list of (ndarray, variable) pairs.  A zlib.crc32 of the
noisy first gradient is logged; a Mean metric gets the pre-clip norm as an
ndarray scalar.  At step 12 the loop changes the noise multiplier and at 18 the
clip bound; the loop prints numpy's generator state digest.  Probes: ndarray
gradients at an optimizer site and numpy draws between sites."""
import random

import numpy

random.seed(70)
numpy.random.seed(70)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7001)
rng = np.random.default_rng(7001)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 3:4] > 0).astype(np.float32)

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
bce = keras.losses.BinaryCrossentropy(from_logits=True)
opt = keras.optimizers.SGD(0.1, momentum=0.5)
norms = keras.metrics.Mean()
NOISE = 0.05
CLIP = 1.0
crcs = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = bce(y, model(x))
    tv = model.trainable_variables
    grads = [g.numpy() for g in tape.gradient(loss, tv)]
    total = np.sqrt(sum(float((g.astype(np.float64) ** 2).sum()) for g in grads))
    scale = min(1.0, CLIP / (total + 1e-12))
    noisy = [(g * scale + np.random.normal(0.0, NOISE * CLIP, size=g.shape)).astype(np.float32)
             for g in grads]
    crcs.append(zlib.crc32(noisy[0].tobytes()) % 100000)
    opt.apply_gradients(list(zip(noisy, tv)))
    norms(np.float32(total))
    return loss


for step in range(30):
    if step == 12:
        NOISE = 0.2
    if step == 18:
        CLIP = 0.3
    i = (step * 8) % 56
    loss = train_step(XS[i:i + 8], YS[i:i + 8])
    st = np.random.get_state()
    print(step, repr(float(loss)), repr(float(norms.result())), crcs[-1], int(st[2]),
          zlib.crc32(st[1].tobytes()))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
}))
