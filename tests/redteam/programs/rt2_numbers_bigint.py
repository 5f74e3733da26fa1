"""Carried Python ints: a Lehmer-style generator state picks the mini-batch offset
(`state = state * MULT % MOD`), a bool streak is summed into an int, and `//`, `%`, divmod run on
negative values. At step 10 the loop switches CFG["mod"] to 2**64 (an LCG), so the product
outgrows int64 and the state becomes a big int. Expects every int (and its type) as in the interpreter."""
import math

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(606)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(606)
X_ALL = tf.constant(rng.normal(size=(64, 4)))
Y_ALL = tf.constant(np.tanh(X_ALL.numpy() @ np.array([[0.7], [-0.3], [0.2], [0.9]])))

CFG = {"mult": 48271, "mod": 2**31 - 1, "batch": 16}


class Trainer:
    def __init__(self):
        self.w = tf.Variable(tf.zeros((4, 1), tf.float64))
        self.state = 12345
        self.best = math.inf
        self.streak = 0
        self.improved_total = 0
        self.log = []

    def step(self, n):
        self.state = (self.state * CFG["mult"] + 1) % CFG["mod"]
        offset = (self.state >> 7) % (64 - CFG["batch"])
        x = X_ALL[offset:offset + CFG["batch"]]
        y = Y_ALL[offset:offset + CFG["batch"]]
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.tanh(tf.matmul(x, self.w)) - y))
        g = tape.gradient(loss, self.w)
        self.w.assign_sub(0.5 * g)
        lf = float(loss)
        improved = lf < self.best
        self.best = min(self.best, lf)
        self.streak = self.streak + 1 if improved else 0
        self.improved_total += improved
        q, r = divmod(n - 13, 4)
        micro = math.floor(lf * 1e6)
        self.log.append((offset, q, r, (n - 13) // 3, (n - 13) % 3, micro, self.state.bit_length()))
        print(f"step {n:2d} state={self.state} bits={self.state.bit_length()} offset={offset} "
              f"improved={improved} streak={self.streak} total={self.improved_total} "
              f"type_total={type(self.improved_total).__name__} qr=({q},{r}) micro={micro} loss={lf!r}")
        return loss


TRAINER = Trainer()
for n in range(30):
    if n == 10:
        CFG["mult"] = 6364136223846793005
        CFG["mod"] = 2**64
    TRAINER.step(n)

print(f"final state={TRAINER.state} type={type(TRAINER.state).__name__} best={TRAINER.best!r} "
      f"total={TRAINER.improved_total} last={TRAINER.log[-1]} w={TRAINER.w.numpy().ravel().tolist()!r}")
