"""Gradient penalties: helpers with a GradientTape of their own (input gradients of a softmax
cross-entropy and of a critic, WGAN-GP style) are converted by janus and called under
train_step's tape (train_step refused: model-probability draw and crc32). The outer gradient
goes through the helper's backward ops (second order, including SoftmaxCrossEntropyWithLogits'
second derivative). Every fifth step a helper also differentiates the sparse cross-entropy,
whose second derivative takes grad_grad's `_is_zeros_tensor` mark into account (an error, were
there one, is caught and printed)."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(131)
rng = np.random.default_rng(131)
XS = rng.normal(size=(120, 4)).astype(np.float32)
YS = rng.integers(0, 3, size=(120,)).astype(np.int32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.5, name="W1")
W2 = tf.Variable(rng.normal(size=(6, 3)).astype(np.float32) * 0.5, name="W2")
C = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5, name="C")
PICK = np.random.default_rng(18)


def logits_of(x):
    return tf.nn.swish(x @ W1) @ W2


def ce_input_penalty(x, y1h):
    with tf.GradientTape() as t:
        t.watch(x)
        ce = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(y1h, logits_of(x)))
    g = t.gradient(ce, x)
    return ce, tf.reduce_mean(tf.square(g))


def critic_gp(real, fake, alpha):
    mix = alpha * real + (1.0 - alpha) * fake
    with tf.GradientTape() as t:
        t.watch(mix)
        score = tf.reduce_sum(tf.tanh(mix @ C) + 0.1 * tf.square(mix @ W1))
    g = t.gradient(score, mix)
    norm = tf.sqrt(tf.reduce_sum(tf.square(g), axis=1) + 1e-12)
    return tf.reduce_mean(tf.square(norm - 1.0))


def sparse_penalty(x, y):
    with tf.GradientTape() as t:
        t.watch(x)
        ce = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits_of(x)))
    return tf.reduce_mean(tf.square(t.gradient(ce, x)))


def train_step(x, y, alpha, step):
    params = [W1, W2, C]
    err = None
    with tf.GradientTape() as tape:
        ce, pen = ce_input_penalty(x, tf.one_hot(y, 3))
        gp = critic_gp(x, x[::-1] * 0.5, alpha)
        loss = ce + 0.5 * pen + 0.1 * gp
        if step % 5 == 4:
            loss = loss + sparse_penalty(x, y)
    try:
        grads = tape.gradient(loss, params)
    except LookupError as e:
        err = type(e).__name__ + ": " + str(e).splitlines()[0][:60]
        with tf.GradientTape() as tape2:
            ce, pen = ce_input_penalty(x, tf.one_hot(y, 3))
            loss = ce + 0.5 * pen
        grads = tape2.gradient(loss, params, unconnected_gradients="zero")
    p = tf.nn.softmax(tf.reshape(grads[0], [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(b"".join(g.numpy().tobytes() for g in grads))
    for v, g in zip(params, grads):
        v.assign_sub(0.05 * g)
    return loss, pen, gp, grads, err, pick, crc


for step in range(30):
    i = (step * 3) % 110
    x = tf.constant(XS[i:i + 8])
    y = tf.constant(YS[i:i + 8])
    alpha = tf.constant(rng.uniform(size=(8, 1)).astype(np.float32))
    loss, pen, gp, grads, err, pick, crc = train_step(x, y, alpha, step)
    print(step, repr(float(loss)), repr(float(pen)), repr(float(gp)), err, pick, crc)
    for name, g in zip(["W1", "W2", "C"], grads):
        print("  ", name, g.numpy().ravel().tolist()[:6])

print(json.dumps({v.name: v.numpy().ravel().tolist() for v in [W1, W2, C]}))
