"""Numerics: a hand-written batch-norm MLP (`(h-m)**2`, `/ tf.sqrt(v+eps)`, a float32 round trip,
`/ 3`) with moving statistics updated by `v.assign(mom*v + (1-mom)*m)` and a large step size that
amplifies ulp differences. At step 12 the loop changes the Python float CFG["mom"] 0.9 -> 0.99.
Expects every repr(loss), the eval loss on moving stats and all variables bit-equal to eager."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(808)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(8)
X = tf.constant(rng.normal(size=(48, 5)))
Y = tf.constant(np.sin(X.numpy() @ rng.normal(size=(5, 1)) * 2.0))
CFG = {"mom": 0.9, "eps": 1e-3, "lr": 10.0}


class HandBN:
    def __init__(self):
        self.w1 = tf.Variable(rng.normal(size=(5, 16)) * 0.8, name="w1")
        self.gamma = tf.Variable(np.ones(16), name="gamma")
        self.beta = tf.Variable(np.zeros(16), name="beta")
        self.w2 = tf.Variable(rng.normal(size=(16, 1)) * 0.5, name="w2")
        self.moving_mean = tf.Variable(np.zeros(16), trainable=False, name="mm")
        self.moving_var = tf.Variable(np.ones(16), trainable=False, name="mv")
        self.params = [self.w1, self.gamma, self.beta, self.w2]

    def head(self, h, m, v):
        hn = (h - m) / tf.sqrt(v + CFG["eps"])
        a = tf.tanh(self.gamma * hn + self.beta)
        a = tf.cast(tf.cast(a, tf.float32) * 0.5 + 0.5, tf.float64)
        return tf.matmul(a, self.w2) / 3

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            h = tf.matmul(x, self.w1)
            m = tf.reduce_mean(h, axis=0)
            v = tf.reduce_mean((h - m) ** 2, axis=0)
            out = self.head(h, m, v)
            loss = tf.reduce_mean((out - y) ** 2)
        grads = tape.gradient(loss, self.params)
        for var, g in zip(self.params, grads):
            var.assign_sub(CFG["lr"] * g)
        mom = CFG["mom"]
        self.moving_mean.assign(mom * self.moving_mean + (1 - mom) * m)
        self.moving_var.assign(mom * self.moving_var + (1 - mom) * v)
        return loss

    def eval_loss(self, x, y):
        out = self.head(tf.matmul(x, self.w1), self.moving_mean, self.moving_var)
        return tf.reduce_mean((out - y) ** 2)


NET = HandBN()
LOSSES = []
for i in range(40):
    if i == 12:
        CFG["mom"] = 0.99
    loss = NET.train_step(X, Y)
    LOSSES.append(float(loss))
    print(f"step {i:2d} mom={CFG['mom']!r} loss={float(loss)!r} eval={float(NET.eval_loss(X, Y))!r} "
          f"mm0={float(NET.moving_mean[0])!r}")

print(f"final loss={LOSSES[-1]!r} w2={NET.w2.numpy().ravel()[:4].tolist()!r} "
      f"mv={NET.moving_var.numpy()[:4].tolist()!r}")
