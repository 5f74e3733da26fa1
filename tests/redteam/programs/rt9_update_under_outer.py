"""train_step (its own tape: janus converts it) computes gradients, applies them with Keras
SGD (momentum) and a manual assign_sub with a learning-rate tensor argument, and returns the
loss, the gradients and a post-update loss. The module loop calls it inside an outer
persistent tape watching the learning-rate tensor, then takes outer gradients of the
returned gradients' norm (second order through the inner backward pass, computed from the
pre-update reads), of the post-update loss (reads after the writes), and w.r.t. the
learning rate (None in eager: an assign is not differentiable)."""
import json

import numpy as np
import tensorflow as tf
import keras

tf.keras.utils.set_random_seed(331)
rng = np.random.default_rng(331)
XS = rng.normal(size=(150, 3)).astype(np.float32)
YS = rng.normal(size=(150, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 4)).astype(np.float32) * 0.5, name="W")
V = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5, name="V")
OPT = keras.optimizers.SGD(0.05, momentum=0.9)


def train_step(x, y, lr):
    with tf.GradientTape() as tape:
        pred = tf.nn.softplus(x @ W) @ V
        loss = tf.reduce_mean(tf.square(pred - y))
    gw, gv = tape.gradient(loss, [W, V])
    OPT.apply_gradients([(gw, W)])
    V.assign_sub(lr * gv)
    after = tf.reduce_mean(tf.square(tf.nn.softplus(x @ W) @ V - y))
    return loss, gw, gv, after


def show(g):
    return None if g is None else g.numpy().ravel().tolist()[:4]


for step in range(30):
    i = (step * 5) % 140
    x = tf.constant(XS[i:i + 8])
    y = tf.constant(YS[i:i + 8])
    lr = tf.constant(np.float32(0.03 + 0.001 * step))
    with tf.GradientTape(persistent=True) as outer:
        outer.watch(lr)
        loss, gw, gv, after = train_step(x, y, lr)
        gnorm = tf.reduce_sum(gw * gw) + tf.reduce_sum(gv * gv)
    g_norm = outer.gradient(gnorm, [W, V, lr])
    g_after = outer.gradient(after, [W, V, lr])
    g_loss = outer.gradient(loss, [W, V])
    del outer
    print(step, repr(float(loss)), repr(float(after)), repr(float(gnorm)))
    print("   norm", [show(g) for g in g_norm])
    print("   after", [show(g) for g in g_after], "loss", [show(g) for g in g_loss])

print(json.dumps({"W": W.numpy().ravel().tolist(), "V": V.numpy().ravel().tolist(),
                  "iters": int(OPT.iterations.numpy()),
                  "momentum": [float(np.sum(v.numpy())) for v in OPT.variables]}))
