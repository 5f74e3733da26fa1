"""The penalty object's __class__ is reassigned mid-run (L2Penalty -> L1Penalty at step 10,
-> ScaledL1 at 18, back to L2Penalty at 27) while the step dispatches on isinstance(),
type(pen).__name__, a class-attribute weight and a method. A converter that guarded the
object's identity but not its class would keep the old penalty, weight and printed name."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(11)
tf.keras.backend.set_floatx("float64")


class Penalty:
    weight = 0.01

    def __call__(self, w):
        return self.weight * self.term(w)


class L2Penalty(Penalty):
    def term(self, w):
        return tf.reduce_sum(tf.square(w))


class L1Penalty(Penalty):
    weight = 0.02

    def term(self, w):
        return tf.reduce_sum(tf.abs(w))


class ScaledL1(L1Penalty):
    weight = 0.05


rng = np.random.default_rng(0)
X = rng.normal(size=(64, 5))
TRUE_W = rng.normal(size=(5, 1))
Y = X @ TRUE_W + 0.1 * rng.normal(size=(64, 1))
BATCHES = [(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16])) for i in range(0, 64, 16)]

W = tf.Variable(np.zeros((5, 1)), name="W")
B = tf.Variable(np.zeros((1,)), name="B")
PEN = L2Penalty()
PEN_LOG = []


def train_step(x, y, pen, lr):
    with tf.GradientTape() as tape:
        pred = x @ W + B
        mse = tf.reduce_mean(tf.square(pred - y))
        if isinstance(pen, L1Penalty):
            tag = "l1"
            extra = pen(W) * 1.0
        else:
            tag = "l2"
            extra = pen(W)
        loss = mse + extra
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(lr * gw)
    B.assign_sub(lr * gb)
    PEN_LOG.append((tag, type(pen).__name__, pen.weight))
    return loss, mse, tag


for step in range(34):
    if step == 10:
        PEN.__class__ = L1Penalty
    elif step == 18:
        PEN.__class__ = ScaledL1
    elif step == 27:
        PEN.__class__ = L2Penalty
    x, y = BATCHES[step % 4]
    loss, mse, tag = train_step(x, y, PEN, 0.05)
    print(step, repr(float(loss)), repr(float(mse)), tag, type(PEN).__name__)

print("final W", W.numpy().ravel().tolist())
print("final B", B.numpy().tolist())
print("log", PEN_LOG[8:12], PEN_LOG[17:19], PEN_LOG[-1])
print("pen class", type(PEN).__name__, PEN.weight)
