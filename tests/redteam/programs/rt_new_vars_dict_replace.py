"""The hyper-parameter object is edited behind attribute syntax: at step 9 through
vars(obj).update(...) (the same __dict__, new values and a new key), at step 17 by assigning a
whole new obj.__dict__, and at step 25 by deleting the instance attribute so the class
attribute shows through. A converter caching the old dict object or its values differs."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(95)
tf.keras.backend.set_floatx("float64")


class HParams:
    lr = 0.02
    l2 = 0.0

    def __init__(self):
        self.lr = 0.1
        self.l2 = 0.001


rng = np.random.default_rng(31)
X = tf.constant(rng.normal(size=(20, 4)))
Y = tf.constant(rng.normal(size=(20, 1)))
W = tf.Variable(rng.normal(size=(4, 1)) * 0.3)
HP = HParams()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) + HP.l2 * tf.reduce_sum(W * W)
    extra = getattr(HP, "momentum_hint", None)
    W.assign_sub(HP.lr * tape.gradient(loss, W))
    return loss, extra


for step in range(32):
    if step == 9:
        vars(HP).update({"lr": 0.05, "momentum_hint": "m"})
    if step == 17:
        HP.__dict__ = {"lr": 0.2, "l2": 0.01}
    if step == 25:
        del HP.lr
    loss, extra = train_step(X, Y)
    print(step, repr(float(loss)), HP.lr, HP.l2, extra, sorted(vars(HP)))

print("W", W.numpy().ravel().tolist())
