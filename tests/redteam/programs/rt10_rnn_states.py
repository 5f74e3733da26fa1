"""Stateful recurrent layers as co-execution sites under the step's tape: a stateful GRU
(unroll=True, fixed batch) whose state variables the site must assign each call, reset with
reset_states() at steps 10 and 21; an LSTM with return_state whose initial_state is passed
as a keyword from the previous call's Python-held states (reset to None at step 15, so the
call's argument structure changes). crc32 of the GRU output keeps the step interpreted."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1010)
rng = np.random.default_rng(1010)
B, T, F = 4, 5, 3
X = rng.normal(size=(40, B, T, F)).astype("float32")
Y = rng.normal(size=(40, B, 1)).astype("float32")

GRU = keras.layers.GRU(4, stateful=True, unroll=True, return_sequences=True)
LSTM = keras.layers.LSTM(3, return_state=True, unroll=True)
HEAD = keras.layers.Dense(1)
GRU.build((B, T, F))
LSTM.build((B, T, 4))
HEAD.build((B, 3))
VARS = GRU.trainable_variables + LSTM.trainable_variables + HEAD.trainable_variables
STATE = {"lstm": None}


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y):
    with tf.GradientTape() as tape:
        seq = GRU(x)
        if STATE["lstm"] is None:
            out, h, c = LSTM(seq)
        else:
            out, h, c = LSTM(seq, initial_state=STATE["lstm"])
        p = HEAD(out)
        loss = tf.reduce_mean(tf.square(p - y))
    STATE["lstm"] = [tf.stop_gradient(h), tf.stop_gradient(c)]
    crc = zlib.crc32(seq.numpy().tobytes()) % 983
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, crc


for step in range(32):
    if step in (10, 21):
        GRU.reset_states()
    if step == 15:
        STATE["lstm"] = None
    loss, grads, crc = train_step(tf.constant(X[step]), tf.constant(Y[step]))
    print(step, repr(float(loss)), crc)
    print("  gru_state", flat(GRU.states[0])[:8])
    print("  lstm_h", flat(STATE["lstm"][0][0]), "g", flat(grads[-2]))

print(json.dumps({"vars": [repr(float(tf.reduce_sum(v))) for v in VARS],
                  "head": flat(HEAD.kernel), "gru_state": flat(GRU.states[0])}))
