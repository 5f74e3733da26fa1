"""The same tensor objects every step, watched by train_step's tape (train_step refused:
model-probability draw and crc32), reach helpers janus takes over without being passed
positionally: a module-global prior, a default argument value, an attribute of a module-level
object, a closure cell, a functools.partial keyword bound at module level, and a **kwargs
dict. A graph might hold such unchanging tensors as guarded constants rather than inputs;
eager's tape still records every op on them, so their gradients must not be None."""
import functools
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(421)
rng = np.random.default_rng(421)
XS = rng.normal(size=(150, 3)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 3)).astype(np.float32) * 0.5, name="W")
PRIOR = tf.constant(rng.normal(size=(1, 3)).astype(np.float32))
DEFAULT = tf.constant(rng.normal(size=(1, 3)).astype(np.float32))
CELLV = tf.constant(rng.normal(size=(3,)).astype(np.float32))
BOUND = tf.constant(np.float32(0.75))
KW = tf.constant(rng.normal(size=(1, 3)).astype(np.float32))
PICK = np.random.default_rng(40)


class Config:
    offset = None


CFG = Config()
CFG.offset = tf.constant(rng.normal(size=(1, 3)).astype(np.float32))


def make_gate(v):
    def gate(h):
        return h * tf.sigmoid(v)
    return gate


GATE = make_gate(CELLV)


def with_prior(x, bias=DEFAULT):
    return tf.tanh(x @ W + PRIOR) + bias + CFG.offset


def scaled(h, scale):
    return h * scale


SCALED = functools.partial(scaled, scale=BOUND)


def kw_user(h, **extra):
    return h - extra["shift"] * 0.5


def show(g):
    return None if g is None else g.numpy().ravel().tolist()[:3]


def train_step(x):
    with tf.GradientTape() as tape:
        tape.watch([PRIOR, DEFAULT, CELLV, BOUND, KW, CFG.offset])
        h = with_prior(x)
        h = GATE(h)
        h = SCALED(h)
        h = kw_user(h, shift=KW)
        loss = tf.reduce_sum(tf.square(h - 0.2))
    grads = tape.gradient(loss, [W, PRIOR, DEFAULT, CELLV, BOUND, KW, CFG.offset])
    p = tf.nn.softmax(tf.reshape(h, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(grads[0].numpy().tobytes())
    W.assign_sub(0.02 * grads[0])
    return loss, grads, pick, crc


for step in range(30):
    x = tf.constant(XS[step * 4:step * 4 + 5])
    loss, grads, pick, crc = train_step(x)
    print(step, repr(float(loss)), pick, crc)
    print("   ", [show(g) for g in grads])

print(json.dumps({"W": W.numpy().ravel().tolist()}))
