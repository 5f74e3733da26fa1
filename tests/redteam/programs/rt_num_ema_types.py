"""Python numbers carried across steps in a small state object: an EMA that starts as the int 0
(becomes float after the first update), an int counter, a bool flag, a list of rounded floats.
At step 12 the loop resets the EMA to the int 0 and the counter to True (a bool used as an int:
True + 1 == 2, an int). The step prints type names and int-vs-float arithmetic results."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(71)
tf.keras.backend.set_floatx("float64")


class State:
    def __init__(self):
        self.ema = 0
        self.count = 0
        self.improved = False
        self.best = float("inf")
        self.rounded = []


rng = np.random.default_rng(21)
X = tf.constant(rng.normal(size=(24, 4)))
Y = tf.constant(rng.normal(size=(24, 1)))
W = tf.Variable(np.zeros((4, 1)))
S = State()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(0.05 * tape.gradient(loss, W))
    lv = float(loss)
    first = isinstance(S.ema, int)
    S.ema = lv if first else 0.9 * S.ema + 0.1 * lv
    S.count = S.count + 1
    S.improved = lv < S.best
    if S.improved:
        S.best = lv
    S.rounded.append(round(lv, 3))
    half = S.count / 2
    floor = S.count // 2
    print("  types", type(S.ema).__name__, type(S.count).__name__, type(S.improved).__name__,
          type(half).__name__, half, floor, first)
    return loss


for step in range(30):
    if step == 12:
        S.ema = 0
        S.count = True
    loss = train_step(X, Y)
    print(step, repr(float(loss)), repr(S.ema), S.count, S.improved, S.rounded[-1])

print("state", repr(S.ema), S.count, S.improved, repr(S.best), S.rounded[-5:])
print("sum flags", sum(r > 0.8 for r in S.rounded), type(S.rounded[0]).__name__)
