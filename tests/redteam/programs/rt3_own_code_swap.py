"""The step calls a module-level helper `penalty(w)` (an L2 penalty). At step 12 the loop
replaces the helper's __code__ with that of an L1 penalty: the function object (and every
global/attribute holding it) is unchanged, only its code. The step must run the new code
from that call on, as the interpreter does."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(102)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(102)
X = tf.constant(rng.normal(size=(20, 4)))
Y = tf.constant(rng.normal(size=(20, 1)))
W = tf.Variable(rng.normal(size=(4, 1)), name="w")
OPT = tf.keras.optimizers.SGD(0.05)
PEN = []


def penalty(w):
    return 0.1 * tf.reduce_sum(tf.square(w))


def _l1_penalty(w):
    return 0.3 * tf.reduce_sum(tf.abs(w))


def train_step(x, y):
    with tf.GradientTape() as tape:
        fit = tf.reduce_mean(tf.square(tf.matmul(x, W) - y))
        pen = penalty(W)
        loss = fit + pen
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    PEN.append(float(pen))
    return loss


PENALTY_FN = penalty
for i in range(30):
    if i == 12:
        penalty.__code__ = _l1_penalty.__code__
    loss = train_step(X, Y)
    print(i, penalty.__code__.co_name, repr(PEN[-1]), repr(float(loss)))

print("summary", PENALTY_FN is penalty, repr(sum(PEN)), repr(float(tf.reduce_sum(W))))
