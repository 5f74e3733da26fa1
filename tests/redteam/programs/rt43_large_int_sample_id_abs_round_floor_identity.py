"""A replay-style training loop that tags each batch with a 64-bit-plus sample id (a
large Python int, beyond the small-int cache and beyond int64).  The step normalises the
id with the idioms data pipelines use (`abs(sid)`, `round(sid)`, `math.floor(sid)`,
`math.ceil(sid)`, `math.trunc(sid)`, `math.gcd(sid)`, `int(sid)`, `+sid`, `max(sid, 0)`) and records them on a state object; CPython returns
the very int object for each of these when the value does not change, so the caller's
`state.x is sid` is True in eager.  janus copies large ints a call computes; here each is
the argument itself coming back through a builtin or math function.  The caller reuses
one id object for a few steps and then makes a new one (sid + 0 is a new object),
and the id grows past 2**64 at step 14.  Probes: identity of large ints that CPython's
builtins hand back unchanged."""
import random

import numpy

random.seed(4311)
numpy.random.seed(4311)

import json
import math

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4311)
rng = np.random.default_rng(4311)
XS = rng.normal(size=(96, 3)).astype(np.float32)
YS = (XS.sum(axis=1, keepdims=True) ** 2).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(3, 6)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.01)


class State:
    pass


STATE = State()


def train_step(x, y, sid):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.nn.relu(x @ W1) @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    STATE.a = abs(sid)
    STATE.r = round(sid)
    STATE.f = math.floor(sid)
    STATE.i = int(sid)
    STATE.p = +sid
    STATE.m = max(sid, 0)
    STATE.c = math.ceil(sid)
    STATE.t = math.trunc(sid)
    STATE.g = math.gcd(sid)
    STATE.last = sid
    return loss


sid = 2 ** 62 + 12345
for step in range(30):
    if step % 4 == 0:
        sid = sid + 7
    if step == 14:
        sid = 2 ** 65 + 99
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), sid)
    flags = [STATE.a is sid, STATE.r is sid, STATE.f is sid, STATE.i is sid, STATE.p is sid, STATE.m is sid,
             STATE.c is sid, STATE.t is sid, STATE.g is sid, STATE.last is sid]
    print(step, repr(float(loss)), STATE.a, flags)

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "last": str(STATE.last),
}))
