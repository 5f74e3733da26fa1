"""A helper with its own persistent tape (janus converts it) computes batch_jacobian of its
output w.r.t. its input and jacobian w.r.t. a variable, and returns a Jacobian-norm penalty;
train_step (refused: model-probability draw and crc32) calls it under its own tape, so the
outer gradient goes through the Jacobians. Eagerly both Jacobians are computed by pfor inside
a tf.function (Grappler's rewrites on, one recorded function-call op); on odd steps the
helper asks for experimental_use_pfor=False (a while loop eagerly run as Python)."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(161)
rng = np.random.default_rng(161)
XS = rng.normal(size=(120, 3)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 4)).astype(np.float32) * 0.5, name="W")
V = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32) * 0.5, name="V")
PICK = np.random.default_rng(20)


def jac_penalty(x, use_pfor):
    with tf.GradientTape(persistent=True) as t:
        t.watch(x)
        y = tf.tanh(tf.math.log(1.0 + tf.square(x @ W)) @ V)
    bj = t.batch_jacobian(y, x, experimental_use_pfor=use_pfor)
    jw = t.jacobian(y, V, experimental_use_pfor=use_pfor)
    del t
    return y, tf.reduce_sum(tf.square(bj)) / 3.0, tf.reduce_sum(tf.square(jw)) / 7.0


def hx(t):
    return [float(a).hex() for a in t.numpy().ravel()[:5]]


def train_step(x, step):
    with tf.GradientTape() as tape:
        y, pj, pw = jac_penalty(x, step % 2 == 0)
        loss = tf.reduce_mean(tf.square(y - 0.3)) + 0.1 * pj + 0.01 * pw
    gw, gv = tape.gradient(loss, [W, V])
    p = tf.nn.softmax(tf.reshape(y, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(gw.numpy().tobytes() + gv.numpy().tobytes())
    W.assign_sub(0.05 * gw)
    V.assign_sub(0.05 * gv)
    return loss, pj, pw, gw, gv, pick, crc


for step in range(30):
    x = tf.constant(XS[step * 3:step * 3 + 4])
    loss, pj, pw, gw, gv, pick, crc = train_step(x, step)
    print(step, float(loss).hex(), float(pj).hex(), float(pw).hex(), pick, crc)
    print("   gw", hx(gw))
    print("   gv", hx(gv))

print(json.dumps({"W": [float(a).hex() for a in W.numpy().ravel()],
                  "V": [float(a).hex() for a in V.numpy().ravel()]}))
