"""Tensor identity: the trainer remembers the caller's input tensor (`self.last_x = x`) and
counts repeats with `x is self.last_x`; a repeat uses a larger step size.
From step 11 the loop hands a freshly made tensor (equal values) every step, so `is` turns False.
Expects the repeat counts, losses and the identity of the stored tensor to match the interpreter."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(101)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(101)
X_NP = rng.normal(size=(32, 4))
Y_NP = (X_NP @ np.array([[0.5], [-1.0], [0.25], [2.0]]) + 0.1 * rng.normal(size=(32, 1)))
X = tf.constant(X_NP)
Y = tf.constant(Y_NP)


class Trainer:
    def __init__(self):
        self.w = tf.Variable(tf.zeros((4, 1), tf.float64))
        self.last_x = None
        self.repeats = 0
        self.fresh = 0
        self.fresh_inputs = []

    def step(self, x, y):
        same = x is self.last_x
        if same:
            self.repeats += 1
            lr = 0.08
        else:
            self.fresh += 1
            self.fresh_inputs.append(x)
            lr = 0.02
        with tf.GradientTape() as tape:
            pred = tf.matmul(x, self.w)
            loss = tf.reduce_mean((pred - y) ** 2)
        g = tape.gradient(loss, self.w)
        self.w.assign_sub(lr * g)
        self.last_x = x
        return loss, same


TRAINER = Trainer()
LOSSES = []
X_CURRENT = X
for step in range(30):
    if step >= 11:
        X_CURRENT = tf.constant(X_NP)  # same values, a new tensor object each step
    loss, same = TRAINER.step(X_CURRENT, Y)
    LOSSES.append(float(loss))
    print(f"step {step:2d} same={same} stored_is_current={TRAINER.last_x is X_CURRENT} "
          f"stored_is_X={TRAINER.last_x is X} repeats={TRAINER.repeats} fresh={TRAINER.fresh} "
          f"loss={float(loss)!r}")

LAST_STORED = TRAINER.last_x
FIRST_FRESH = TRAINER.fresh_inputs[0]
print(f"final repeats={TRAINER.repeats} fresh={TRAINER.fresh} n_inputs={len(TRAINER.fresh_inputs)} "
      f"first_is_X={FIRST_FRESH is X} last_is_current={LAST_STORED is X_CURRENT} "
      f"w={TRAINER.w.numpy().ravel().tolist()!r}")
