"""The step validates its Python hyperparameters with TF's asserts before using them:
tf.debugging.assert_positive(LR_SCALE) and tf.debugging.assert_scalar(...) of a tensor
that becomes a vector when the loop switches to per-feature scales.  Eagerly these
raise InvalidArgumentError / ValueError with eager's message text; inside a graph the
static path of check_ops raises at trace time with the graph's text (tensor names
like 'Const:0').  The step catches both and prints str(e).  Probes: library errors
raised while building inside a try of the program's."""
import random

import numpy

random.seed(345)
numpy.random.seed(345)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3406)
rng = np.random.default_rng(3406)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS @ np.array([[1.0], [-2.0], [0.5], [0.0]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32), name="w")
LR_SCALE = 1.0
SCALE = 1.0
MESSAGES = []


def train_step(x, y):
    lr = 0.05
    try:
        tf.debugging.assert_positive(tf.constant(LR_SCALE), message="lr scale")
        lr = 0.05 * LR_SCALE
    except tf.errors.InvalidArgumentError as e:
        MESSAGES.append(("lr", str(e).splitlines()[0][:70]))
    try:
        st = tf.constant(SCALE)
        tf.debugging.assert_scalar(st, message="scale")
        s = st
    except ValueError as e:
        MESSAGES.append(("scale", str(e)[:70]))
        s = tf.constant(1.0)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W * s - y))
    g = tape.gradient(loss, W)
    W.assign_sub(lr * g)
    return loss


for step in range(40):
    if step == 12:
        LR_SCALE = -0.5
    if step == 20:
        LR_SCALE = 0.5
    if step == 26:
        SCALE = [1.0, 1.0]
    if step == 32:
        SCALE = 2.0
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex())

for m in MESSAGES[:3] + MESSAGES[-3:]:
    print(m)
print("messages", len(MESSAGES))
print("w", [float(v).hex() for v in W.numpy().ravel()])
