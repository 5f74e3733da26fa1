"""A co-executed sequence step (a Python "tokenizer" picks per step, from a crc32 of the
raw features, which of two alignments the target uses, so the step stays in the
interpreter) rolls a Keras encoder's (6, 16) output along the time axis with
`tf.roll(h, shift, axis=1)` before a fixed mixing weight and the loss.  A roll keeps
the shape, so the Roll gradient (a roll by -shift) differs only in its shift operand.
What changes mid-run: the shift is 3 for steps 0-9, then follows a schedule that grows
past the axis length and wraps: 19, -5, 1000003, -2**31 + 7, 35, ... (Python ints,
equal mod 16 on some steps).  Probes: the deferred walk's chunk keys for integer
operands whose values are large or negative, with shapes and op types unchanged."""
import random

import numpy

random.seed(4615)
numpy.random.seed(4615)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4615)
rng = np.random.default_rng(4615)
XS = rng.normal(size=(50, 6, 5)).astype(np.float32)
YA = rng.normal(size=(50, 6, 16)).astype(np.float32)
ENC = keras.layers.Dense(16, activation="tanh")
ENC(XS[0])
MIX = tf.Variable(rng.normal(size=(16,)).astype(np.float32))
RAMP = tf.constant(np.linspace(0.5, 1.5, 16, dtype=np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
SCHEDULE = [19, -5, 1000003, -2 ** 31 + 7, 35, 16 * 40 + 3, -13, 2 ** 30]
STATE = {"shift": 3}


def train_step(x, y):
    if zlib.crc32(x.numpy().tobytes()) % 3 == 1:
        y = tf.roll(y, 1, axis=0)
    with tf.GradientTape() as tape:
        h = ENC(x) * RAMP
        moved = tf.roll(h, STATE["shift"], axis=1)
        loss = tf.reduce_mean(tf.square(moved * MIX - y))
    variables = ENC.trainable_variables + [MIX]
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, grads


for step in range(30):
    if step >= 10:
        STATE["shift"] = SCHEDULE[step % len(SCHEDULE)]
    loss, grads = train_step(tf.constant(XS[step % 50]), tf.constant(YA[step % 50]))
    gk = grads[0].numpy()
    print(step, STATE["shift"], STATE["shift"] % 16, repr(float(loss)), repr(float(gk[1, 2])),
          repr(float(gk[4, 11])), repr(float(grads[1][7])), repr(float(grads[2][13])))

print(json.dumps({"mix": [repr(float(v)) for v in MIX.numpy()],
                  "k": [repr(float(v)) for v in ENC.kernel.numpy().ravel()[::5]]}))
