"""Autoencoder with a shared bottleneck layer used by both the encoder and the
decoder models; the co-executed step (zlib.crc32 of the reconstruction error
pattern) applies gradients with
zip(enc_grads + dec_grads, enc.trainable_variables + dec.trainable_variables), so
the shared layer's variables appear twice in the pairs with two different
gradients: Keras updates them (and their Adam slots) twice per call.  At step 13
the loop switches to deduplicated pairs, at 21 back.  Probes: one variable given
twice to an optimizer site."""
import random

import numpy

random.seed(72)
numpy.random.seed(72)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7201)
rng = np.random.default_rng(7201)
XS = rng.normal(size=(64, 6)).astype(np.float32)

shared = keras.layers.Dense(6, activation="tanh", name="shared")
enc = keras.Sequential([keras.Input((6,)), keras.layers.Dense(6, name="down"), shared])
dec = keras.Sequential([keras.Input((6,)), shared, keras.layers.Dense(6, name="up")])
mse = keras.losses.MeanSquaredError()
opt = keras.optimizers.Adam(0.02)
crcs = []


def train_step(x, dedup):
    with tf.GradientTape(persistent=True) as tape:
        z = enc(x)
        recon = dec(z)
        loss = mse(x, recon)
        code_pen = 0.01 * tf.reduce_mean(tf.square(z))
        total = code_pen + loss
    err = (np.abs(recon.numpy() - x) > 0.5).astype(np.uint8)
    crcs.append(zlib.crc32(err.tobytes()) % 10000)
    ev, dv = enc.trainable_variables, dec.trainable_variables
    eg = tape.gradient(total, ev)
    dg = tape.gradient(loss, dv)
    del tape
    if dedup:
        seen, pairs = set(), []
        for g, v in zip(eg + dg, ev + dv):
            if id(v) not in seen:
                seen.add(id(v))
                pairs.append((g, v))
        opt.apply_gradients(pairs)
    else:
        opt.apply_gradients(zip(eg + dg, ev + dv))
    return loss


opt.build(enc.trainable_variables + dec.layers[-1].trainable_variables)
for step in range(30):
    i = (step * 8) % 56
    loss = train_step(XS[i:i + 8], 13 <= step < 21)
    print(step, repr(float(loss)), repr(float(shared.kernel[0, 0])), int(opt.iterations))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in enc.trainable_variables + dec.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "crcs": crcs[-3:],
}))
