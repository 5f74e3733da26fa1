"""Helpers janus takes over (train_step refused: model-probability draw and crc32) fail on
some steps while train_step's tape records: a check_numerics on a gain that holds an inf every
sixth step (after the helper stored an intermediate in a list), a Python ZeroDivisionError
from a rate that is 0.0 on some steps, and a helper with its own try/except around a raise on
a Python flag. train_step catches the errors and builds its loss from what was stored; eager's
tape holds the records of the ops run before each failure, so gradients flow through them."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(311)
rng = np.random.default_rng(311)
XS = rng.normal(size=(120, 4)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.5, name="W")
PICK = np.random.default_rng(32)
ACTS = []
LOG = []


def checked(x, gain):
    h = tf.tanh(x @ W)
    ACTS.append(h)
    h = tf.debugging.check_numerics(h * gain, "non-finite activation")
    return tf.reduce_sum(h * h)


def scaled(h, rate):
    inv = 1.0 / rate
    return h * inv


def guarded(h, flag):
    try:
        if flag:
            raise ValueError("flagged")
        out = h * 2.0
    except ValueError as e:
        LOG.append(str(e))
        out = tf.sqrt(tf.abs(h) + 1.0)
    return out


def train_step(x, gain, rate, flag):
    status = []
    with tf.GradientTape() as tape:
        try:
            loss = checked(x, gain)
        except tf.errors.InvalidArgumentError:
            status.append("nan")
            loss = tf.reduce_sum(tf.square(ACTS[-1])) * 0.5
        try:
            s = scaled(ACTS[-1], rate)
        except ZeroDivisionError:
            status.append("zero")
            s = ACTS[-1]
        loss = loss + tf.reduce_sum(guarded(s, flag)) * 0.1
    gw = tape.gradient(loss, W)
    p = tf.nn.softmax(tf.reshape(s, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(gw.numpy().tobytes())
    W.assign_sub(0.02 * gw)
    return loss, gw, status, pick, crc


for step in range(30):
    xv = XS[step * 3:step * 3 + 5]
    gain = np.ones((5, 1), np.float32)
    if step % 6 == 5:
        gain[2, 0] = np.inf
    rate = 0.0 if step % 7 == 3 else 0.5 + 0.01 * step
    loss, gw, status, pick, crc = train_step(tf.constant(xv), tf.constant(gain), rate, step % 4 == 1)
    print(step, repr(float(loss)), status, len(ACTS), len(LOG), pick, crc)
    print("   ", gw.numpy().ravel().tolist()[:6])

print(json.dumps({"W": W.numpy().ravel().tolist(), "acts": len(ACTS), "log": LOG}))
