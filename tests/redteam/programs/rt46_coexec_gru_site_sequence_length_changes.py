"""A co-executed sequence step (a Python tokenizer keyed by a crc32 of the raw signal
chooses how many leading frames to drop, so the step stays in the interpreter) runs a
Keras GRU (a site whose graph holds Keras' RNN loop) and a Dense head under the tape,
and asks for the gradients of the GRU's kernel, recurrent kernel and bias: each a sum
over the time steps.  What changes mid-run: the sequence length is 5 for steps 0-9, 8
for steps 10-19 and 3 from step 20 (so the walk's length, the number of summed terms
and the shapes change).  Probes: a recurrent Keras site under the tape (its loop
unrolled or kept), the per-timestep gradient sums in the deferred walk, and sequence
length changes mid-run."""
import random

import numpy

random.seed(4636)
numpy.random.seed(4636)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4636)
rng = np.random.default_rng(4636)
SEQS = rng.normal(size=(40, 3, 10, 4)).astype(np.float32)
YS = rng.normal(size=(40, 3, 2)).astype(np.float32)
GRU = keras.layers.GRU(5)
HEAD = keras.layers.Dense(2)
GRU(SEQS[0, :, :5])
HEAD(np.zeros((1, 5), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
STATE = {"length": 5}


def train_step(seq, y):
    drop = zlib.crc32(seq.numpy().tobytes()) % 2
    n = STATE["length"]
    x = seq[:, drop:drop + n]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(HEAD(GRU(x)) - y))
    variables = GRU.trainable_variables + HEAD.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, grads, drop


for step in range(28):
    if step == 10:
        STATE["length"] = 8
    if step == 20:
        STATE["length"] = 3
    loss, grads, drop = train_step(tf.constant(SEQS[step % 40]), tf.constant(YS[step % 40]))
    print(step, STATE["length"], drop, repr(float(loss)), repr(float(grads[0][1, 7])),
          repr(float(grads[1][3, 12])), repr(float(grads[2][1, 4])), repr(float(grads[3][2, 1])))

print(json.dumps({"rk": [repr(float(v)) for v in GRU.trainable_variables[1].numpy().ravel()[::5]]}))
