"""Tapes other than a plain one around co-execution sites: GradientTape(
watch_accessed_variables=False) watching one layer's variables only (eager gives None for
the rest even though the site read them); a persistent tape asked three times, including
for gradients with respect to a watched input and to an intermediate site output; a layer
that reads a variable only through .numpy() inside call() (eager watches it, no gradient).
The step prints tape.watched_variables() names in order. np.random.choice on the model's
probabilities keeps the step interpreted."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(2525)
rng = np.random.default_rng(2525)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.integers(0, 3, size=(96,)).astype("int32")


class Peek(keras.layers.Layer):
    def build(self, shape):
        self.s = self.add_weight(shape=(), initializer="ones", name="peek_s")
        self.w = self.add_weight(shape=(shape[-1],), initializer="ones", name="peek_w")

    def call(self, x):
        k = float(self.s.numpy())
        return x * self.w * k


D1 = keras.layers.Dense(5, activation="tanh", name="d1")
PEEK = Peek(name="peek")
D2 = keras.layers.Dense(3, name="d2")
D1.build((None, 4))
PEEK.build((None, 5))
D2.build((None, 5))
ALL = D1.trainable_variables + PEEK.trainable_variables + D2.trainable_variables
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def flat(t):
    return None if t is None else np.asarray(t).ravel().tolist()


def names(tape):
    return [v.name for v in tape.watched_variables()]


def train_step(x, y, step):
    with tf.GradientTape(watch_accessed_variables=False) as t1:
        t1.watch([v.value for v in D2.trainable_variables])
        logits1 = D2(PEEK(D1(x)))
        l1 = LOSS(y, logits1)
    g1 = t1.gradient(l1, ALL)
    with tf.GradientTape(persistent=True) as t2:
        t2.watch(x)
        h = D1(x)
        q = PEEK(h)
        logits = D2(q)
        loss = LOSS(y, logits)
    gv = t2.gradient(loss, ALL)
    gx = t2.gradient(loss, x)
    gh = t2.gradient(loss, [h, q])
    n2 = names(t2)
    del t2
    p = tf.nn.softmax(logits).numpy().astype(np.float64)[0]
    a = int(np.random.choice(3, p=p / p.sum()))
    for v, g in zip(ALL, gv):
        if g is not None:
            v.assign_sub(0.1 * g)
    PEEK.s.assign(1.0 + 0.01 * step)
    return loss, g1, gv, gx, gh, a, (names(t1), n2)


for step in range(30):
    i = (step * 8) % 88
    loss, g1, gv, gx, gh, a, nm = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]), step)
    print(step, repr(float(loss)), a, nm, [g is None for g in g1], [g is None for g in gv])
    print("  g1", flat(g1[-1]), "gv", flat(gv[-1]), flat(gv[3]))
    print("  gx", flat(gx[0]), "gh", flat(gh[0][0]), flat(gh[1][0]))

print(json.dumps({"vars": [flat(v) for v in ALL]}))
