"""Complex arithmetic in helpers janus takes over (train_step refused: model-probability draw
and crc32), under train_step's tape: tf.complex of watched real tensors, complex matmul with a
complex64 variable, FFT, conj, abs, angle, real/imag; gradients w.r.t. the real inputs, the
complex variable (conjugate convention) and a watched complex128 tensor that goes through a
cast to complex64."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(191)
rng = np.random.default_rng(191)
XS = rng.normal(size=(100, 4)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.5, name="W")
CW = tf.Variable((rng.normal(size=(4, 4)) + 1j * rng.normal(size=(4, 4))).astype(np.complex64) * 0.3, name="CW")
PICK = np.random.default_rng(23)


def to_complex(x):
    re = x @ W
    im = tf.sin(x)
    return tf.complex(re, im)


def spectral(z, phase):
    h = z @ CW + tf.cast(phase, tf.complex64)
    f = tf.signal.fft(h)
    return tf.abs(f), tf.math.angle(f), tf.math.real(f * tf.math.conj(h)), tf.math.imag(f)


def show(g):
    if g is None:
        return None
    v = g.numpy().ravel()[:4]
    if np.iscomplexobj(v):
        return [g.dtype.name, [[float(a.real), float(a.imag)] for a in v]]
    return [g.dtype.name, v.tolist()]


def train_step(x, phase):
    with tf.GradientTape() as tape:
        tape.watch([x, phase])
        z = to_complex(x)
        mag, ang, re, im = spectral(z, phase)
        loss = (tf.reduce_mean(tf.square(mag - 1.0)) + 0.1 * tf.reduce_mean(tf.cos(ang))
                + 0.01 * tf.reduce_mean(re) + 0.01 * tf.reduce_mean(im * im))
    gw, gcw, gx, gp = tape.gradient(loss, [W, CW, x, phase])
    p = tf.nn.softmax(tf.reshape(mag, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(gcw.numpy().tobytes())
    W.assign_sub(0.02 * gw)
    CW.assign_sub(tf.cast(0.02, tf.complex64) * gcw)
    return loss, gw, gcw, gx, gp, pick, crc


for step in range(30):
    x = tf.constant(XS[step * 3:step * 3 + 5])
    phase = tf.constant(np.exp(1j * rng.uniform(size=(5, 4))).astype(np.complex128))
    loss, gw, gcw, gx, gp, pick, crc = train_step(x, phase)
    print(step, repr(float(loss)), pick, crc)
    print("   ", show(gw), show(gcw))
    print("   ", show(gx), show(gp))

print(json.dumps({"W": W.numpy().ravel().tolist(),
                  "CW": [[float(a.real), float(a.imag)] for a in CW.numpy().ravel()]}))
