"""Back-over-forward: train_step (no tape of its own: janus takes it over as hot code) is
called inside a ForwardAccumulator (tangent on the input) that is itself inside a
GradientTape. The tape must record both the graph call's ops and the accumulator's JVP
computations that eager runs as each op is recorded; the loop then differentiates the JVP's
square w.r.t. the variables (a Jacobian-norm regulariser). Every fourth step only the tape is
active, every fourth+1 only the accumulator."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(361)
rng = np.random.default_rng(361)
XS = rng.normal(size=(150, 3)).astype(np.float32)
TS = rng.normal(size=(150, 3)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 5)).astype(np.float32) * 0.5, name="W")
V = tf.Variable(rng.normal(size=(5, 2)).astype(np.float32) * 0.5, name="V")


def train_step(x):
    h = tf.nn.softplus(x @ W)
    out = tf.tanh(h @ V)
    return out, tf.reduce_mean(tf.square(out - 0.2))


def show(g):
    return None if g is None else g.numpy().ravel().tolist()[:4]


for step in range(30):
    x = tf.constant(XS[step * 4:step * 4 + 6])
    t = tf.constant(TS[step * 4:step * 4 + 6])
    mode = step % 4
    jvp = None
    grads = [None, None]
    if mode == 0:
        with tf.GradientTape() as tape:
            out, loss = train_step(x)
        grads = tape.gradient(loss, [W, V])
    elif mode == 1:
        with tf.autodiff.ForwardAccumulator(x, t) as acc:
            out, loss = train_step(x)
        jvp = acc.jvp(out)
    else:
        with tf.GradientTape() as tape:
            with tf.autodiff.ForwardAccumulator(x, t) as acc:
                out, loss = train_step(x)
            jvp = acc.jvp(out)
            total = loss + 0.1 * tf.reduce_mean(tf.square(jvp))
        grads = tape.gradient(total, [W, V])
    for v, g in zip([W, V], grads):
        if g is not None:
            v.assign_sub(0.1 * g)
    print(step, mode, repr(float(loss)), show(jvp))
    print("   ", [show(g) for g in grads])

print(json.dumps({"W": W.numpy().ravel().tolist(), "V": V.numpy().ravel().tolist()}))
