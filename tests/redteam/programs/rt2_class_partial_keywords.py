"""functools.partial state: the loss is `LOSS = functools.partial(huber_like, delta=1.0, weight=1.0)`
and the step calls `LOSS(y, pred)`. At step 10 the loop edits the partial's own keyword dict in
place (`LOSS.keywords["delta"] = 0.25`), which changes every later call though LOSS is the same
object. Expects losses, the printed keywords and weights to follow the new delta as in eager."""
import functools

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1414)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(1414)
X = tf.constant(rng.normal(size=(40, 5)))
Y = tf.constant(X.numpy() @ rng.normal(size=(5, 1)) + rng.normal(size=(40, 1)) * 0.8)


def huber_like(y, pred, delta, weight):
    err = tf.abs(pred - y)
    quad = tf.minimum(err, delta)
    lin = err - quad
    return weight * tf.reduce_mean(0.5 * quad * quad + delta * lin)


LOSS = functools.partial(huber_like, delta=1.0, weight=1.0)
W = tf.Variable(tf.zeros((5, 1), tf.float64))
OPT = tf.keras.optimizers.SGD(learning_rate=0.3, momentum=0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(y, tf.matmul(x, W))
    OPT.apply_gradients([(tape.gradient(loss, W), W)])
    return loss


LOSSES = []
for step in range(30):
    if step == 10:
        LOSS.keywords["delta"] = 0.25
    loss = train_step(X, Y)
    LOSSES.append(float(loss))
    print(f"step {step:2d} keywords={sorted(LOSS.keywords.items())} loss={float(loss)!r} "
          f"w0={float(W[0, 0])!r}")

print(f"final loss={LOSSES[-1]!r} keywords={LOSS.keywords} w={W.numpy().ravel().tolist()!r}")
