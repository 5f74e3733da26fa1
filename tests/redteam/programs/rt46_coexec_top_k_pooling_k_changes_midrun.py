"""A co-executed step (a Python curriculum keyed by a crc32 of the batch decides which
rows are "hard" and get double weight, so the step stays in the interpreter) pools a
Keras encoder's 12 features per row with `tf.math.top_k(h, k)` and regresses the mean
of the top-k values.  TopKV2's gradient scatters the upstream gradient to the indices
top_k picked.  What changes mid-run: k is 3 for steps 0-9, 5 for steps 10-19 and 1
from step 20 (k is a Python int the op gets as an operand; the output shapes change
with it).  Probes: the TopKV2 gradient in the deferred walk with a changing k
operand."""
import random

import numpy

random.seed(4619)
numpy.random.seed(4619)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4619)
rng = np.random.default_rng(4619)
XS = rng.normal(size=(90, 5)).astype(np.float32)
YS = rng.normal(size=(90, 1)).astype(np.float32)
ENC = keras.layers.Dense(12, activation="softplus")
ENC(XS[:1])
SCALE = tf.Variable(0.7)
OPT = keras.optimizers.SGD(learning_rate=0.05)
STATE = {"k": 3}


def train_step(x, y):
    crc = zlib.crc32(x.numpy().tobytes())
    weights = np.ones((9, 1), np.float32)
    weights[crc % 9] = 2.0
    with tf.GradientTape() as tape:
        h = ENC(x)
        vals, idx = tf.math.top_k(h, k=STATE["k"])
        pred = tf.reduce_mean(vals, axis=1, keepdims=True) * SCALE
        loss = tf.reduce_mean(tf.square(pred - y) * weights)
    variables = ENC.trainable_variables + [SCALE]
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, idx, grads, crc % 9


for step in range(30):
    if step == 10:
        STATE["k"] = 5
    if step == 20:
        STATE["k"] = 1
    i = (step * 9) % 81
    loss, idx, grads, hard = train_step(tf.constant(XS[i:i + 9]), tf.constant(YS[i:i + 9]))
    print(step, STATE["k"], hard, idx.numpy()[0].tolist(), repr(float(loss)), repr(float(grads[0][2, 7])),
          repr(float(grads[1][3])), repr(float(grads[2])))

print(json.dumps({"k": [repr(float(v)) for v in ENC.kernel.numpy().ravel()[::4]], "scale": repr(float(SCALE.numpy()))}))
