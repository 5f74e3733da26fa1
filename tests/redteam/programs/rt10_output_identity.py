"""What a co-execution site returns must be what eager returns, object for object: a program
layer that returns its input unchanged when a flag is off (eager: the same tensor), one that
returns a tensor it stored on self during the previous call and stores the new one, one that
returns a (tensor, Python int, str) tuple, a functional model whose outputs are a list, and
one whose outputs are a nested tuple/dict structure. The step prints `is` relations, types
and the structure. np.random.choice on the output keeps the step interpreted."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(2121)
rng = np.random.default_rng(2121)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.normal(size=(96, 2)).astype("float32")


class MaybeScale(keras.layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.on = False

    def call(self, x):
        if self.on:
            return x * 2.0
        return x


class Remember(keras.layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.cache = None

    def call(self, x):
        prev = self.cache
        self.cache = x
        return x if prev is None else prev


class Tagged(keras.layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.n = 0

    def call(self, x):
        self.n += 1
        return x + 1.0, self.n, "tag%d" % (self.n % 3)


inp = keras.Input((4,))
a = keras.layers.Dense(3, activation="tanh")(inp)
b = keras.layers.Dense(2)(a)
LISTM = keras.Model(inp, [a, b])
inp2 = keras.Input((3,))
c = keras.layers.Dense(2)(inp2)
NESTM = keras.Model(inp2, (c, {"z": keras.layers.Dense(1)(inp2)}))
MS, REM, TAG = MaybeScale(), Remember(), Tagged()
SEEN = []


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y):
    vs = LISTM.trainable_variables + NESTM.trainable_variables
    with tf.GradientTape() as tape:
        outs = LISTM(x)
        h = MS(outs[0])
        r = REM(h)
        t, n, tag = TAG(h)
        nest = NESTM(t)
        loss = tf.reduce_mean(tf.square(outs[1] - y)) + tf.reduce_mean(tf.square(nest[0] - y)) \
            + 0.1 * tf.reduce_mean(nest[1]["z"] * r)
    info = (type(outs).__name__, len(outs), h is outs[0], r is h, r is REM.cache, type(n).__name__, n, tag,
            type(nest).__name__, type(nest[1]).__name__, list(nest[1]))
    SEEN.append(info)
    p = tf.nn.softmax(outs[1][0]).numpy().astype(np.float64)
    k = int(np.random.choice(2, p=p / p.sum()))
    grads = tape.gradient(loss, vs)
    for v, g in zip(vs, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, info, k


for step in range(32):
    if step == 9:
        MS.on = True
    if step == 17:
        MS.on = False
    if step == 23:
        REM.cache = None
    i = (step * 8) % 88
    loss, grads, info, k = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]))
    print(step, repr(float(loss)), k, info)
    print("  g", flat(grads[-1]), flat(grads[1]))

print(json.dumps({"vars": [flat(v) for v in LISTM.weights + NESTM.weights], "n": TAG.n}))
