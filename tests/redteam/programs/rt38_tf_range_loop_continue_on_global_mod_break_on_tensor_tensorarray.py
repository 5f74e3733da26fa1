"""A step unrolls a small recurrent scorer with `for t in tf.range(n)` (n = the sequence
length, a tensor): it skips (continue) steps where t % SKIP_MOD == SKIP_AT (SKIP_MOD and
SKIP_AT are Python globals), stops (break) when the running state's norm exceeds LIMIT (a
global float), and writes each visited state to a TensorArray (ta = ta.write(k, h), with a
separate tensor counter k).  The loss is on the stacked states.  Mid-run: step 9
SKIP_MOD 3 -> 2, step 15 LIMIT 3.0 -> 1.2, step 21 SKIP_AT 0 -> 1, step 26 LIMIT -> 50.0.
Prints the visited count and the stop index.  Probes: a tensor loop whose continue and
break are decided by Python globals changed mid-run and by tensors, with a TensorArray."""
import random

import numpy

random.seed(412)
numpy.random.seed(412)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3832)
rng = np.random.default_rng(3832)
SEQ = rng.normal(size=(30, 10, 3)).astype(np.float32)
TGT = rng.normal(size=(30, 1)).astype(np.float32) * 0.5
WX = tf.Variable(rng.normal(size=(3, 4)).astype(np.float32) * 0.5)
WH = tf.Variable(np.eye(4, dtype=np.float32) * 0.9)
OPT = keras.optimizers.SGD(learning_rate=0.02)
SKIP_MOD, SKIP_AT, LIMIT = 3, 0, 3.0


def train_step(seq, tgt):
    n = tf.shape(seq)[0]
    with tf.GradientTape() as tape:
        h = tf.zeros([1, 4])
        ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        k = tf.constant(0)
        stop = tf.constant(-1)
        for t in tf.range(n):
            if t % SKIP_MOD == SKIP_AT:
                continue
            h = tf.tanh(seq[t:t + 1] @ WX + h @ WH)
            ta = ta.write(k, h)
            k += 1
            if tf.norm(h) > LIMIT:
                stop = t
                break
        states = ta.stack()
        loss = tf.square(tf.reduce_mean(states) - tgt[0, 0])
    grads = tape.gradient(loss, [WX, WH])
    OPT.apply_gradients(zip(grads, [WX, WH]))
    return loss, k, stop


for step in range(30):
    if step == 9:
        SKIP_MOD = 2
    elif step == 15:
        LIMIT = 1.2
    elif step == 21:
        SKIP_AT = 1
    elif step == 26:
        LIMIT = 50.0
    loss, k, stop = train_step(tf.constant(SEQ[step]), tf.constant(TGT[step:step + 1]))
    print(step, repr(float(loss)), int(k), int(stop))

print(json.dumps({"WX": WX.numpy().ravel().tolist(), "WH": WH.numpy().ravel().tolist()}))
