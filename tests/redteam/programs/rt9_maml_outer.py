"""MAML: train_step (a tape of its own, so janus converts it) computes the support loss and
returns fast weights w - lr * grad as tensors. The module-level loop calls it inside an outer
persistent GradientTape and takes the query loss's meta-gradient through the inner gradient
(second order), plus the outer gradient of the returned support loss. Janus runs the graph
and replays one record per op to the outer tape, including the inner backward pass's ops:
the meta-gradient must be eager's bit for bit."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(55)
rng = np.random.default_rng(55)
XS = rng.normal(size=(200, 4)).astype(np.float32)
YS = rng.integers(0, 3, size=(200,))
W1 = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.5, name="W1")
B1 = tf.Variable(np.zeros((8,), np.float32), name="B1")
W2 = tf.Variable(rng.normal(size=(8, 3)).astype(np.float32) * 0.5, name="W2")
PARAMS = [W1, B1, W2]


def forward(x, w1, b1, w2):
    h = tf.nn.softplus(x @ w1 + b1)
    return h @ w2


def train_step(x, y, inner_lr):
    with tf.GradientTape() as tape:
        logits = forward(x, W1, B1, W2)
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(y, logits))
    grads = tape.gradient(loss, PARAMS)
    fast = [p - inner_lr * g for p, g in zip(PARAMS, grads)]
    return loss, fast


for step in range(30):
    i = (step * 6) % 180
    xs = tf.constant(XS[i:i + 6])
    ys = tf.one_hot(YS[i:i + 6], 3)
    xq = tf.constant(XS[i + 6:i + 14])
    yq = tf.one_hot(YS[i + 6:i + 14], 3)
    with tf.GradientTape(persistent=True) as outer:
        s_loss, fast = train_step(xs, ys, 0.4)
        q_logits = forward(xq, *fast)
        q_loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(yq, q_logits))
    meta = outer.gradient(q_loss, PARAMS)
    s_grad = outer.gradient(s_loss, PARAMS)
    fast_grad = outer.gradient(q_loss, fast)
    del outer
    for p, g in zip(PARAMS, meta):
        p.assign_sub(0.1 * g)
    print(step, repr(float(s_loss)), repr(float(q_loss)))
    for name, g, sg, fg in zip(["W1", "B1", "W2"], meta, s_grad, fast_grad):
        print("  ", name, g.numpy().ravel().tolist()[:6])
        print("  s", name, sg.numpy().ravel().tolist()[:4], "f", fg.numpy().ravel().tolist()[:4])

print(json.dumps({p.name: p.numpy().ravel().tolist() for p in PARAMS}))
