"""Class changes: the head object's loss weighting comes from methods and class attributes it
inherits (`self.margin()`, `self.power`, `self.clip`). At step 10 the loop re-parents the class
(`Head.__bases__ = (RobustBase,)`), so every inherited name resolves elsewhere via the new MRO.
Expects MRO names, the looked-up values and all losses/weights as in the interpreter."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1313)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(1313)
X = tf.constant(rng.normal(size=(32, 4)))
Y = tf.constant(X.numpy() @ np.array([[1.0], [-2.0], [0.5], [0.0]]) + rng.standard_t(2, size=(32, 1)))


class SquaredBase:
    power = 2.0
    clip = 100.0

    def margin(self):
        return 0.0

    def describe(self):
        return "squared"


class RobustBase:
    power = 1.5
    clip = 3.0

    def margin(self):
        return 0.1 * self.steps

    def describe(self):
        return f"robust(m={self.margin():.1f})"


class Head(SquaredBase):
    def __init__(self):
        self.w = tf.Variable(tf.zeros((4, 1), tf.float64))
        self.steps = 0

    def loss(self, x, y):
        r = tf.abs(tf.matmul(x, self.w) - y)
        r = tf.minimum(tf.maximum(r - self.margin(), 0.0), self.clip)
        return tf.reduce_mean(tf.pow(r + 1e-9, self.power))


HEAD = Head()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = HEAD.loss(x, y)
    HEAD.w.assign_sub(0.05 * tape.gradient(loss, HEAD.w))
    HEAD.steps += 1
    print(f"step {HEAD.steps - 1:2d} kind={HEAD.describe()} power={HEAD.power!r} clip={HEAD.clip!r} "
          f"mro={[c.__name__ for c in type(HEAD).__mro__]} loss={float(loss)!r}")
    return loss


LOSSES = []
for step in range(30):
    if step == 10:
        Head.__bases__ = (RobustBase,)
    LOSSES.append(float(train_step(X, Y)))

print(f"final kind={HEAD.describe()} isinstance_squared={isinstance(HEAD, SquaredBase)} "
      f"isinstance_robust={isinstance(HEAD, RobustBase)} w={HEAD.w.numpy().ravel().tolist()!r}")
