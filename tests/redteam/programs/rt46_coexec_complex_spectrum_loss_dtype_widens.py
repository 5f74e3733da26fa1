"""A co-executed signal step (a Python "channel" picks a frequency band per step from a
crc32 of the raw signal, so the step stays in the interpreter) forms a complex signal
`tf.complex(re, im)` from two Keras heads on a shared trunk, takes `tf.signal.fft`,
and fits the band's power `|X|^2` (via `tf.math.abs` and `tf.math.real(X *
tf.math.conj(X))`) and the phase of bin 1 (`tf.math.angle`).  The gradients pass
through complex ops (conjugation conventions, Complex/Real/Imag/ComplexAbs grads).
What changes mid-run: from step 13 the heads' outputs are cast to float64 first, so the
complex part runs in complex128 instead of complex64.  Probes: complex and widened
dtypes in the deferred walk (placeholder dtypes, chunk signatures, casts back)."""
import random

import numpy

random.seed(4620)
numpy.random.seed(4620)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4620)
rng = np.random.default_rng(4620)
XS = rng.normal(size=(40, 1, 6)).astype(np.float32)
POWER = np.abs(rng.normal(size=(40, 8))).astype(np.float32)
TRUNK = keras.layers.Dense(10, activation="tanh")
RE = keras.layers.Dense(8)
IM = keras.layers.Dense(8)
TRUNK(XS[0])
RE(np.zeros((1, 10), np.float32))
IM(np.zeros((1, 10), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.02)
STATE = {"wide": False}


def train_step(x, power):
    band = zlib.crc32(x.numpy().tobytes()) % 4
    lo, hi = 2 * band, 2 * band + 2
    with tf.GradientTape() as tape:
        t = TRUNK(x)
        re, im = RE(t), IM(t)
        if STATE["wide"]:
            re, im = tf.cast(re, tf.float64), tf.cast(im, tf.float64)
        z = tf.complex(re, im)
        spec = tf.signal.fft(z)
        p1 = tf.math.real(spec * tf.math.conj(spec))
        p2 = tf.square(tf.math.abs(spec))
        ph = tf.math.angle(spec[0, 1])
        target = tf.cast(power[lo:hi], p1.dtype)
        loss = (tf.reduce_mean(tf.square(p1[0, lo:hi] - target)) * 0.01
                + tf.reduce_mean(tf.abs(p2[0] - p1[0])) + tf.square(ph - 0.5) * 0.1)
        loss = tf.cast(loss, tf.float32)
    variables = TRUNK.trainable_variables + RE.trainable_variables + IM.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, band, grads, z.dtype.name


for step in range(28):
    if step == 13:
        STATE["wide"] = True
    loss, band, grads, dt = train_step(tf.constant(XS[step % 40]), POWER[step % 40])
    print(step, band, dt, repr(float(loss)), repr(float(grads[0][2, 7])), repr(float(grads[2][3, 5])),
          repr(float(grads[4][6, 1])), repr(float(grads[5][0])))

print(json.dumps({"re": [repr(float(v)) for v in RE.kernel.numpy().ravel()[::3]],
                  "im": [repr(float(v)) for v in IM.kernel.numpy().ravel()[::3]]}))
