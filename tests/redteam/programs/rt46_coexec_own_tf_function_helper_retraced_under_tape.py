"""A co-executed step (a crc32 of the batch decides in Python whether to mirror the
features, so the step stays in the interpreter) calls the program's own
`@tf.function` helper `attention_pool(h, w)` under the tape between two Keras calls.
Eagerly the tape records the helper as one function call whose gradient is its
traced backward function (a Python-recorded backward, run by eager's walk with real
tensors).  The helper's Python body appends to a trace log when TF traces it.  What
changes mid-run: the number of tokens per example grows from 4 to 6 at step 11
(a new input shape: the helper is traced again, a new forward/backward pair), and
back to 4 at step 21 (the first trace is reused).  Probes: the program's tf.function
and its backward in a deferred walk, trace counts, and gradients bit for bit."""
import random

import numpy

random.seed(4633)
numpy.random.seed(4633)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4633)
rng = np.random.default_rng(4633)
XS = rng.normal(size=(40, 6, 6, 3)).astype(np.float32)
YS = rng.normal(size=(40, 6, 2)).astype(np.float32)
TOK = keras.layers.Dense(5, activation="tanh")
HEAD = keras.layers.Dense(2)
TOK(XS[0, :, :4])
HEAD(np.zeros((1, 5), np.float32))
QUERY = tf.Variable(rng.normal(size=(5,)).astype(np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
TRACES = []


@tf.function
def attention_pool(h, w):
    TRACES.append(tuple(h.shape))
    scores = tf.einsum("btd,d->bt", h, w)
    a = tf.nn.softmax(scores, axis=1)
    return tf.einsum("bt,btd->bd", a, h)


def train_step(x, y):
    if zlib.crc32(x.numpy().tobytes()) % 2:
        x = -x
    with tf.GradientTape() as tape:
        h = TOK(x)
        pooled = attention_pool(h, QUERY)
        loss = tf.reduce_mean(tf.square(HEAD(pooled) - y))
    variables = TOK.trainable_variables + [QUERY] + HEAD.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, grads


for step in range(30):
    tokens = 6 if 11 <= step < 21 else 4
    loss, grads = train_step(tf.constant(XS[step % 40, :, :tokens]), tf.constant(YS[step % 40]))
    print(step, tokens, len(TRACES), repr(float(loss)), repr(float(grads[0][1, 3])), repr(float(grads[2][4])),
          repr(float(grads[3][2, 1])))

print(json.dumps({"traces": TRACES, "q": [repr(float(v)) for v in QUERY.numpy()]}))
