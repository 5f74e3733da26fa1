"""Steps that stay in the interpreter (an unknown C call, zlib.crc32 of a tensor's bytes,
decides a Python branch), each with a GradientTape whose backward walk janus defers and
runs in compiled chunks (janus/coexec/backward.py); tests/e2e/test_tape_walks.py runs
this in both modes, oneDNN off, and compares everything bit for bit:

  * gather_step: an embedding lookup (its gradient is IndexedSlices: eager's, in the
    middle of the walk) before a dense layer;
  * penalty_step: a gradient penalty, the inner tape's gradient recorded by the outer
    tape (a walk recorded by a tape is eager's) and differentiated again;
  * persistent_step: a persistent tape asked twice after its context, with
    unconnected_gradients=ZERO and with output_gradients;
  * helper_step: the program's own tf.function and a tf.custom_gradient clip under the
    tape (backward functions Python recorded get real tensors);
  * failing_step: a custom gradient that raises on some steps, caught by the loop;
  * counted_step: from the 12th call on, Tanh's gradient in TF's registry is the
    program's own function, which counts its calls.

One JSON document last."""

import json
import zlib

import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.python.framework import ops

keras.utils.set_random_seed(5)
rng = np.random.default_rng(5)


def crc(t):
    return zlib.crc32(t.numpy().tobytes())


embedding = keras.layers.Embedding(50, 6)
dense = keras.layers.Dense(1)
dense.build((None, 6))
embedding.build((None,))
sgd = keras.optimizers.SGD(learning_rate=0.1)


def gather_step(ids, y):
    with tf.GradientTape() as tape:
        e = embedding(ids)
        pooled = tf.reduce_mean(e, axis=1) if crc(e) % 2 else tf.reduce_max(e, axis=1)
        loss = tf.reduce_mean(tf.square(dense(pooled) - y))
    variables = embedding.trainable_variables + dense.trainable_variables
    grads = tape.gradient(loss, variables)
    sgd.apply_gradients(zip(grads, variables))
    return loss


critic = keras.Sequential([keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(1)])
critic.build((None, 3))
adam = keras.optimizers.Adam(learning_rate=0.01)


def penalty_step(real, fake):
    alpha = tf.constant(rng.uniform(size=(real.shape[0], 1)).astype("float32"))
    with tf.GradientTape() as outer:
        mixed = alpha * real + (1 - alpha) * fake
        with tf.GradientTape() as inner:
            inner.watch(mixed)
            score = critic(mixed)
        slopes = inner.gradient(score, mixed)
        penalty = tf.reduce_mean(tf.square(tf.norm(slopes, axis=1) - 1.0))
        gap = tf.reduce_mean(critic(fake)) - tf.reduce_mean(critic(real))
        loss = gap + (10.0 if crc(slopes) % 3 else 5.0) * penalty
    grads = outer.gradient(loss, critic.trainable_variables)
    adam.apply_gradients(zip(grads, critic.trainable_variables))
    return loss


w = tf.Variable(rng.normal(size=(4, 3)).astype("float32"))
unused = tf.Variable(np.ones(3, dtype="float32"))
b = tf.Variable(np.zeros(3, dtype="float32"))


def persistent_step(x):
    with tf.GradientTape(persistent=True) as tape:
        h = tf.tanh(tf.matmul(x, w) + b)
        first = tf.reduce_sum(h * h)
        second = tf.reduce_mean(tf.exp(-h)) if crc(h) % 2 else tf.reduce_mean(h)
    g1 = tape.gradient(first, [w, b, unused],
                       unconnected_gradients=tf.UnconnectedGradients.ZERO)
    g2 = tape.gradient(h, [w, b], output_gradients=tf.fill(h.shape, 0.5))
    g3 = tape.gradient(second, w)
    del tape
    w.assign_sub(0.05 * (g1[0] + g2[0] + g3))
    b.assign_sub(0.05 * (g1[1] + g2[1]))
    return first, float(tf.reduce_sum(g1[2]))


@tf.function
def scale_helper(h, s):
    return tf.sigmoid(h) * s


@tf.custom_gradient
def clipped(x):
    def backward(dy):
        return tf.clip_by_value(dy, -0.1, 0.1)
    return tf.identity(x), backward


regressor = keras.Sequential([keras.layers.Dense(6, activation="relu"),
                              keras.layers.Dense(1)])
regressor.build((None, 5))
rms = keras.optimizers.RMSprop(learning_rate=0.01)


def helper_step(x, y):
    with tf.GradientTape() as tape:
        h = regressor.layers[0](x)
        h = clipped(scale_helper(h, tf.constant(2.0)))
        out = regressor.layers[1](h)
        loss = tf.reduce_mean(tf.abs(out - y)) if crc(out) % 2 else \
            tf.reduce_mean(tf.square(out - y))
    grads = tape.gradient(loss, regressor.trainable_variables)
    rms.apply_gradients(zip(grads, regressor.trainable_variables))
    return loss


FAIL_AT = {5, 11, 17}
calls = {"n": 0}


@tf.custom_gradient
def fragile(x):
    def backward(dy):
        if calls["n"] in FAIL_AT:
            raise ValueError(f"backward refused at call {calls['n']}")
        return dy * 2.0
    return tf.identity(x), backward


v = tf.Variable(np.linspace(-1, 1, 6).astype("float32").reshape(2, 3))


def failing_step(x):
    calls["n"] += 1
    with tf.GradientTape() as tape:
        h = tf.nn.relu(tf.matmul(x, v))
        h = fragile(h) if crc(h) % 5 else h
        loss = tf.reduce_sum(tf.square(h))
    g = tape.gradient(loss, v)
    v.assign_sub(0.01 * g)
    return loss


u = tf.Variable(np.linspace(0.5, -0.5, 8).astype("float32").reshape(4, 2))
TANH_GRADIENT = ops._gradient_registry._registry["Tanh"]["type"]
tanh_calls = []


def counted_tanh_gradient(op, grad):
    tanh_calls.append(len(tanh_calls))
    return TANH_GRADIENT(op, grad)


def counted_step(x):
    with tf.GradientTape() as tape:
        h = tf.tanh(tf.matmul(x, u))
        h = h * 2.0 if crc(h) % 2 else h
        loss = tf.reduce_sum(tf.tanh(h))
    u.assign_sub(0.1 * tape.gradient(loss, u))
    return loss


history = {"gather": [], "penalty": [], "persistent": [], "helper": [], "failing": [],
           "counted": []}
for i in range(24):
    ids = tf.constant(rng.integers(0, 50, size=(8, 4)))
    y = tf.constant(rng.normal(size=(8, 1)).astype("float32"))
    history["gather"].append(float(gather_step(ids, y)))
    real = tf.constant(rng.normal(size=(6, 3)).astype("float32"))
    fake = tf.constant(rng.normal(size=(6, 3)).astype("float32"))
    history["penalty"].append(float(penalty_step(real, fake)))
    first, zeros = persistent_step(tf.constant(rng.normal(size=(5, 4)).astype("float32")))
    history["persistent"].append([float(first), zeros])
    x5 = tf.constant(rng.normal(size=(7, 5)).astype("float32"))
    history["helper"].append(float(helper_step(x5, tf.constant(
        rng.normal(size=(7, 1)).astype("float32")))))
    try:
        history["failing"].append(float(failing_step(tf.constant(
            rng.normal(size=(3, 2)).astype("float32")))))
    except ValueError as exc:
        history["failing"].append(str(exc))
    if i == 12:
        ops._gradient_registry._registry["Tanh"]["type"] = counted_tanh_gradient
    history["counted"].append(float(counted_step(tf.constant(
        rng.normal(size=(3, 4)).astype("float32")))))
    print(i, history["gather"][-1], history["penalty"][-1], history["helper"][-1],
          history["failing"][-1], history["counted"][-1], len(tanh_calls))

weights = {name: [x.numpy().tolist() for x in m.weights]
           for name, m in (("embedding", embedding), ("dense", dense), ("critic", critic),
                           ("regressor", regressor))}
weights["w"], weights["b"], weights["v"], weights["u"] = (x.numpy().tolist()
                                                         for x in (w, b, v, u))
print(json.dumps({"history": history, "weights": weights, "tanh_calls": len(tanh_calls),
                  "optimizers": [int(o.iterations.numpy()) for o in (sgd, adam, rms)]}))
