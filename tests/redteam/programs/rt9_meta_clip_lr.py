"""Hyper-gradients: train_step (its own tape: janus converts it) clips its gradients by global
norm, normalises one with tf.nn.l2_normalize, and returns fast weights w - lr * g where lr is
a float64 tensor argument cast to float32 and a second, per-variable learning-rate list
argument. The module loop calls it under an outer tape watching both learning-rate inputs
and differentiates a validation loss w.r.t. them (gradients w.r.t. a converted function's
inputs, through its inner backward pass and the clipping), then updates them."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(401)
rng = np.random.default_rng(401)
XS = rng.normal(size=(200, 3)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [0.25]], np.float32) + 0.1 * rng.normal(size=(200, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 4)).astype(np.float32) * 0.5, name="W")
V = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5, name="V")


def model(x, w, v):
    return tf.nn.elu(x @ w) @ v


def train_step(x, y, lr, per_var):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, W, V) - y))
    grads = tape.gradient(loss, [W, V])
    clipped, norm = tf.clip_by_global_norm(grads, 1.0)
    direction = tf.nn.l2_normalize(clipped[0], axis=0)
    lr32 = tf.cast(lr, tf.float32)
    fw = W - lr32 * per_var[0] * direction
    fv = V - lr32 * per_var[1] * clipped[1]
    return loss, norm, fw, fv


log_lr = tf.Variable(np.float64(np.log(0.1)), name="log_lr")
scales = [tf.Variable(np.float32(1.0), name="s0"), tf.Variable(np.float32(1.0), name="s1")]
for step in range(30):
    i = (step * 6) % 180
    x, y = tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])
    xv, yv = tf.constant(XS[i + 8:i + 16]), tf.constant(YS[i + 8:i + 16])
    with tf.GradientTape(persistent=True) as outer:
        lr = tf.exp(log_lr)
        per_var = [tf.identity(s) for s in scales]
        loss, norm, fw, fv = train_step(x, y, lr, per_var)
        val = tf.reduce_mean(tf.square(model(xv, fw, fv) - yv))
    g_lr = outer.gradient(val, log_lr)
    g_pv = outer.gradient(val, per_var)
    g_s = outer.gradient(val, scales)
    g_wv = outer.gradient(val, [W, V])
    del outer
    log_lr.assign_sub(0.5 * g_lr)
    for s, g in zip(scales, g_s):
        s.assign_sub(0.5 * g)
    W.assign(fw)
    V.assign(fv)
    print(step, repr(float(loss)), repr(float(norm)), repr(float(val)), repr(float(g_lr)))
    print("   ", [repr(float(g)) for g in g_pv], [repr(float(g)) for g in g_s],
          g_wv[0].numpy().ravel().tolist()[:3], g_wv[1].numpy().ravel().tolist()[:3])

print(json.dumps({"log_lr": float(log_lr.numpy()), "scales": [float(s.numpy()) for s in scales],
                  "W": W.numpy().ravel().tolist(), "V": V.numpy().ravel().tolist()}))
