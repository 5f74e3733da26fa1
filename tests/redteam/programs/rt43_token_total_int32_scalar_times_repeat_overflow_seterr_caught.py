"""Token accounting: the program keeps a Python-int total and the step adds each batch's
weighted token count, `TOTAL = TOTAL + int(ntok * REPEAT)`, where `ntok` is `.numpy()` of
an int32 reduction (a numpy int32 scalar) and REPEAT a Python int (numpy int32 scalar
arithmetic under NEP 50).  numpy scalars flag overflow ("overflow encountered in scalar
multiply"); the program runs with `np.seterr(over="raise")`, so the step catches
FloatingPointError, counts it in CARRY and redoes the product in Python ints.  REPEAT
jumps at step 12 so that the int32 product overflows after conversion.  Probes: numpy
int32 scalar overflow under np.seterr(over="raise"), caught inside the step, with a
global Python total rebound by the step."""
import random

import numpy

random.seed(4346)
numpy.random.seed(4346)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4346)
np.seterr(over="raise")
rng = np.random.default_rng(4346)
TOK = rng.integers(0, 40, size=(160, 20)).astype(np.int32)
YS = (TOK.mean(axis=1, keepdims=True) / 20.0).astype(np.float32)
EMB = tf.Variable(rng.normal(size=(40, 6)).astype(np.float32) * 0.2)
W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.Adam(learning_rate=0.01)
TOTAL = 0
CARRY = 0
REPEAT = 3


def train_step(tok, y):
    global TOTAL, CARRY
    with tf.GradientTape() as tape:
        pooled = tf.reduce_mean(tf.nn.embedding_lookup(EMB, tok), axis=1)
        loss = tf.reduce_mean(tf.square(pooled @ W - y))
    grads = tape.gradient(loss, [EMB, W])
    OPT.apply_gradients(zip(grads, [EMB, W]))
    ntok = tf.reduce_sum(tf.cast(tok > 0, tf.int32)).numpy()
    try:
        TOTAL = TOTAL + int(ntok * REPEAT)
    except FloatingPointError:
        CARRY += 1
        TOTAL = TOTAL + int(ntok) * REPEAT
    return loss, ntok


for step in range(30):
    if step == 12:
        REPEAT = 20000000
    i = (step * 16) % 144
    loss, ntok = train_step(tf.constant(TOK[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), repr(ntok), repr(TOTAL), CARRY)

print(json.dumps({"total": TOTAL, "carry": CARRY, "total_type": type(TOTAL).__name__}))
