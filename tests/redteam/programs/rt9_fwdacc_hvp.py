"""Forward-over-backward Hessian-vector products: train_step has its own GradientTape (janus
converts it) and is called inside a tf.autodiff.ForwardAccumulator whose primals are the
variables (every third step: no accumulator, so both of janus's caches are used). acc.jvp of
the returned loss and gradients are the directional derivative and the HVP. A converted call
that does not tell the accumulator about its ops (it is no GradientTape) gives None or zeros
instead of eager's values."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(66)
rng = np.random.default_rng(66)
XS = rng.normal(size=(120, 3)).astype(np.float32)
YS = rng.normal(size=(120, 2)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(3, 5)).astype(np.float32) * 0.5, name="W1")
W2 = tf.Variable(rng.normal(size=(5, 2)).astype(np.float32) * 0.5, name="W2")
PARAMS = [W1, W2]
TANGENTS = [rng.normal(size=(30, 3, 5)).astype(np.float32),
            rng.normal(size=(30, 5, 2)).astype(np.float32)]


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        out = h @ W2
        loss = tf.reduce_mean(tf.square(out - y)) + 0.01 * tf.reduce_sum(W1 * W1)
    grads = tape.gradient(loss, PARAMS)
    return loss, grads


def show(v):
    return None if v is None else v.numpy().ravel().tolist()[:6]


for step in range(30):
    i = (step * 4) % 112
    x = tf.constant(XS[i:i + 8])
    y = tf.constant(YS[i:i + 8])
    if step % 3 == 2:
        loss, grads = train_step(x, y)
        dloss, hvp = None, [None, None]
    else:
        tang = [tf.constant(TANGENTS[0][step]), tf.constant(TANGENTS[1][step])]
        with tf.autodiff.ForwardAccumulator(PARAMS, tang) as acc:
            loss, grads = train_step(x, y)
        dloss = acc.jvp(loss)
        hvp = acc.jvp(grads)
    for p, g, hv in zip(PARAMS, grads, hvp):
        p.assign_sub(0.05 * g if hv is None else 0.05 * g + 0.001 * hv)
    print(step, repr(float(loss)), None if dloss is None else repr(float(dloss)))
    print("   g", show(grads[0]), show(grads[1]))
    print("   hvp", show(hvp[0]), show(hvp[1]))

print(json.dumps({p.name: p.numpy().ravel().tolist() for p in PARAMS}))
