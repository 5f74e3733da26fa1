"""TensorFlow's own `@contextmanager` scopes inside converted steps (tests/e2e/test_library_contexts.py
runs this in both modes):

  * device_step: the word2vec tutorial's shape, `with tf.device('/cpu:0'):` around an
    embedding lookup and tf.nn.nce_loss-like arithmetic, in two helper functions;
  * paused_step: `with tape.stop_recording():` around a statistic the gradient must
    not see, as eager computes it;
  * summary_step: `tf.summary.record_if(...)` and `tf.summary.experimental.summary_scope`
    with no default writer (a no-op in both modes) around the loss;
  * init_step: `with tf.init_scope():` (its ops would run once, at a build, where eager
    runs them at every call): refused, so the interpreter runs it.

One JSON document last."""

import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(4)
rng = np.random.default_rng(4)
STEPS = 16
with tf.device("/cpu:0"):
    EMBED = tf.Variable(rng.normal(size=(10, 3)).astype(np.float32))
    OUT = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
STATS = tf.Variable(0.0)
SCALE = tf.Variable(1.0)
opt = tf.keras.optimizers.SGD(0.05)
history = []


def embed(ids):
    with tf.device("/cpu:0"):
        return tf.nn.embedding_lookup(EMBED, ids)


def loss_of(x, y):
    with tf.device("/cpu:0"):
        return tf.reduce_mean((tf.matmul(x, OUT) - y) ** 2)


def device_step(ids, y):
    with tf.GradientTape() as tape:
        loss = loss_of(embed(ids), y)
    grads = tape.gradient(loss, [EMBED, OUT])
    opt.apply_gradients(zip(grads, [EMBED, OUT]))
    return loss


def paused_step(ids, y):
    with tf.GradientTape() as tape:
        x = embed(ids)
        with tape.stop_recording():
            spread = tf.math.reduce_std(x)
        loss = loss_of(x, y) * (1.0 + tf.stop_gradient(spread)) + 0.0 * spread
    grads = tape.gradient(loss, [EMBED, OUT])
    STATS.assign(spread)
    opt.apply_gradients(zip(grads, [EMBED, OUT]))
    return loss


def summary_step(ids, y, step):
    with tf.summary.record_if(step % 2 == 0):
        with tf.summary.experimental.summary_scope("train"):
            with tf.GradientTape() as tape:
                loss = loss_of(embed(ids), y)
            tf.summary.scalar("loss", loss, step=step)
    grads = tape.gradient(loss, [EMBED, OUT])
    opt.apply_gradients(zip(grads, [EMBED, OUT]))
    return loss


def init_step(ids, y):
    with tf.init_scope():
        SCALE.assign_add(1.0)
    with tf.GradientTape() as tape:
        loss = loss_of(embed(ids), y) * SCALE
    grads = tape.gradient(loss, [EMBED, OUT])
    opt.apply_gradients(zip(grads, [EMBED, OUT]))
    return loss


for step in range(STEPS):
    ids = tf.constant(rng.integers(0, 10, size=8), dtype=tf.int64)
    y = tf.constant(rng.normal(size=(8, 1)).astype(np.float32))
    history.append([float(device_step(ids, y)), float(paused_step(ids, y)),
                    float(summary_step(ids, y, tf.constant(step, tf.int64))),
                    float(init_step(ids, y))])
    print(step, history[-1])

print(json.dumps({"history": history, "embed": EMBED.numpy().tolist(),
                  "out": OUT.numpy().tolist(), "stats": float(STATS.numpy()),
                  "scale": float(SCALE.numpy()), "device": EMBED.device[-5:]}))
