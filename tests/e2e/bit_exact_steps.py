"""Training steps whose floats janus must reproduce bit for bit (tests/e2e/test_bit_exact.py).

Five steps, each trained for 50 calls on its own variables in one process:
  conv_bn   two convolutions with a hand-written batch norm (moving statistics by
            assign), a dense head, `tf.reduce_mean((a - y) ** 2)`, SGD; 250 rows in
            batches of 32 (a partial last batch) and a Python int step counter
  lstm      a hand-written LSTM cell unrolled over 6 time steps, SGD
  adam      a hand-written Adam over an MLP
  keras     Keras Conv2D/BatchNormalization/Dense, a Keras loss and Keras Adam
  moments   an MLP with a batch norm from tf.nn.moments
BIT_EXACT_WRAP=plain runs each step as written (under janus: janus's graphs);
BIT_EXACT_WRAP=function_hot runs the first JANUS_HOT calls eagerly and the rest through
tf.function, as janus runs its profiling calls eagerly; BIT_EXACT_WRAP=xla_hot the same
with tf.function(jit_compile=True).  Prints one JSON document:
per step, every loss and every final variable as float.hex.
"""
import json
import os

import numpy as np
import tensorflow as tf

WRAP = os.environ.get("BIT_EXACT_WRAP", "plain")
HOT = int(os.environ.get("JANUS_HOT", "3"))
STEPS = 50
CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def wrapped(step):
    if WRAP == "plain":
        return step
    graph = tf.function(step, jit_compile=True if WRAP == "xla_hot" else None)
    calls = [0]

    def run(*args):
        calls[0] += 1
        return step(*args) if calls[0] <= HOT else graph(*args)
    return run


def train(step, x_all, y_all, variables):
    """50 calls over batches of 32 rows in turn (the last one partial where the rows do
    not divide); every loss and final variable as float.hex."""
    run = wrapped(step)
    count = -(-len(x_all) // 32)

    def batch(i):
        j = i % count
        return tf.constant(x_all[j * 32:(j + 1) * 32]), tf.constant(y_all[j * 32:(j + 1) * 32])
    losses = [float(run(*batch(i))).hex() for i in range(STEPS)]
    state = [float(x).hex() for v in variables for x in np.asarray(v.numpy()).ravel()]
    return {"losses": losses, "state": state}


@case
def conv_bn():
    rng = np.random.default_rng(4321)
    x_all = rng.normal(size=(250, 8, 8, 1)).astype(np.float32)
    y_all = np.tanh(x_all.reshape(-1, 64) @ rng.normal(size=(64, 4)) / 4).astype(np.float32)

    def var(shape, scale):
        return tf.Variable(rng.normal(scale=scale, size=shape).astype(np.float32))

    class BatchNorm:
        def __init__(self, n):
            self.gamma = tf.Variable(np.ones((n,), np.float32))
            self.beta = tf.Variable(np.zeros((n,), np.float32))
            self.mean = tf.Variable(np.zeros((n,), np.float32), trainable=False)
            self.var = tf.Variable(np.ones((n,), np.float32), trainable=False)

        def __call__(self, x):
            m, v = tf.nn.moments(x, axes=[0, 1, 2])
            self.mean.assign(0.9 * self.mean + 0.1 * m)
            self.var.assign(0.9 * self.var + 0.1 * v)
            return self.gamma * (x - m) / tf.sqrt(v + 1e-5) + self.beta

    class Counter:
        step = 0

    k1, k2 = var((3, 3, 1, 8), 0.3), var((3, 3, 8, 8), 0.15)
    bn1, bn2 = BatchNorm(8), BatchNorm(8)
    w, b = var((512, 4), 0.05), tf.Variable(np.zeros((4,), np.float32))
    params = [k1, bn1.gamma, bn1.beta, k2, bn2.gamma, bn2.beta, w, b]
    counter = Counter()

    def train_step(x, y):
        counter.step += 1
        with tf.GradientTape() as tape:
            h = tf.nn.relu(bn1(tf.nn.conv2d(x, k1, 1, "SAME")))
            h = tf.nn.relu(bn2(tf.nn.conv2d(h, k2, 1, "SAME")))
            a = tf.matmul(tf.reshape(h, [-1, 512]), w) + b
            loss = tf.reduce_mean((a - y) ** 2)
        for p, g in zip(params, tape.gradient(loss, params)):
            p.assign_sub(0.03 * g)
        return loss

    return train(train_step, x_all, y_all, params + [bn1.mean, bn1.var, bn2.mean, bn2.var])


@case
def lstm():
    rng = np.random.default_rng(11)
    x_all = rng.normal(size=(128, 6, 8)).astype(np.float32)
    y_all = np.sin(x_all.sum(axis=(1, 2)))[:, None].astype(np.float32)
    wx = tf.Variable(rng.normal(scale=0.3, size=(8, 64)).astype(np.float32))
    wh = tf.Variable(rng.normal(scale=0.3, size=(16, 64)).astype(np.float32))
    bl = tf.Variable(np.zeros(64, np.float32))
    wo = tf.Variable(rng.normal(scale=0.3, size=(16, 1)).astype(np.float32))
    params = [wx, wh, bl, wo]

    def cell(x, h, c):
        i, f, g, o = tf.split(tf.matmul(x, wx) + tf.matmul(h, wh) + bl, 4, axis=1)
        c = tf.sigmoid(f + 1.0) * c + tf.sigmoid(i) * tf.tanh(g)
        return tf.sigmoid(o) * tf.tanh(c), c

    def train_step(x, y):
        with tf.GradientTape() as tape:
            h = tf.zeros([tf.shape(x)[0], 16])
            c = tf.zeros_like(h)
            for t in range(6):
                h, c = cell(x[:, t, :], h, c)
            loss = tf.reduce_mean(tf.square(tf.matmul(h, wo) - y))
        for v, g in zip(params, tape.gradient(loss, params)):
            v.assign_sub(0.3 * g)
        return loss

    return train(train_step, x_all, y_all, params)


@case
def adam():
    rng = np.random.default_rng(7)
    x_all = rng.normal(size=(96, 10)).astype(np.float32)
    y_all = (x_all[:, :1] * 2 - x_all[:, 1:2]).astype(np.float32)
    params = [tf.Variable(rng.normal(scale=0.3, size=s).astype(np.float32))
              for s in [(10, 16), (16,), (16, 1), (1,)]]
    moments = [(tf.Variable(tf.zeros_like(p)), tf.Variable(tf.zeros_like(p))) for p in params]
    t = tf.Variable(0.0)

    def train_step(x, y):
        with tf.GradientTape() as tape:
            a = tf.matmul(tf.tanh(tf.matmul(x, params[0]) + params[1]), params[2]) + params[3]
            loss = tf.reduce_mean((a - y) ** 2)
        t.assign_add(1.0)
        for p, (m, v), g in zip(params, moments, tape.gradient(loss, params)):
            m.assign(0.9 * m + 0.1 * g)
            v.assign(0.999 * v + 0.001 * g * g)
            m_hat = m / (1.0 - 0.9 ** t)
            v_hat = v / (1.0 - 0.999 ** t)
            p.assign_sub(0.01 * m_hat / (tf.sqrt(v_hat) + 1e-7))
        return loss

    return train(train_step, x_all, y_all, params + [m for pair in moments for m in pair])


@case
def keras():
    tf.keras.utils.set_random_seed(5)
    rng = np.random.default_rng(5)
    x_all = rng.normal(size=(256, 8, 8, 1)).astype(np.float32)
    y_all = x_all.reshape(256, -1)[:, :10].argmax(axis=1).astype(np.int64)
    model = tf.keras.Sequential([
        tf.keras.layers.Input((8, 8, 1)),
        tf.keras.layers.Conv2D(6, 3, padding="same", activation="relu"),
        tf.keras.layers.BatchNormalization(),
        tf.keras.layers.MaxPooling2D(2),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(32, activation="relu"),
        tf.keras.layers.Dense(10)])
    optimizer = tf.keras.optimizers.Adam(learning_rate=0.01)
    loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    def train_step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    losses_and_state = train(train_step, x_all, y_all, model.variables)
    losses_and_state["state"] += [float(x).hex() for v in optimizer.variables
                                  for x in np.asarray(v.numpy()).ravel()]
    return losses_and_state


@case
def moments():
    rng = np.random.default_rng(3)
    x_all = rng.normal(size=(128, 12)).astype(np.float32)
    y_all = np.cos(x_all[:, :3].sum(axis=1, keepdims=True)).astype(np.float32)
    w1 = tf.Variable(rng.normal(scale=0.3, size=(12, 24)).astype(np.float32))
    w2 = tf.Variable(rng.normal(scale=0.3, size=(24, 1)).astype(np.float32))
    scale, shift = tf.Variable(tf.ones(24)), tf.Variable(tf.zeros(24))
    params = [w1, w2, scale, shift]

    def train_step(x, y):
        with tf.GradientTape() as tape:
            h = tf.matmul(x, w1)
            m, v = tf.nn.moments(h, axes=[0])
            h = tf.nn.relu(tf.nn.batch_normalization(h, m, v, shift, scale, 1e-3))
            loss = tf.reduce_mean(tf.square(tf.matmul(h, w2) - y))
        for p, g in zip(params, tape.gradient(loss, params)):
            p.assign_sub(0.1 * g)
        return loss

    return train(train_step, x_all, y_all, params)


print(json.dumps({name: run() for name, run in CASES.items()}))
