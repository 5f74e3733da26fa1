"""The program's tf.function(jit_compile=True) computes a tanh/exp/softplus MLP loss
(XLA's CPU tanh and exp are its own approximations, not Eigen's); the step calls it under
its tape and applies SGD.  From step 8 a second, non-XLA path (the same math written in
the step) is added to the loss.  Probes: a jit_compile tf.function called from a
converted step must still run under XLA (eager's bits), not inlined as plain ops."""
import random

import numpy

random.seed(23)
numpy.random.seed(23)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2323)
rng = np.random.default_rng(2323)
XS = rng.normal(size=(256, 16)).astype(np.float32)
YS = rng.normal(size=(256, 1)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(16, 32)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(32, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.01)
EXTRA = False


@tf.function(jit_compile=True)
def xla_loss(x, y):
    h = tf.tanh(x @ W1) + 0.1 * tf.exp(-tf.square(x @ W1))
    p = tf.nn.softplus(h) @ W2
    return tf.reduce_mean(tf.square(p - y))


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = xla_loss(x, y)
        if EXTRA:
            h = tf.tanh(x @ W1)
            loss = loss + 0.01 * tf.reduce_mean(tf.square(h))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 8:
        EXTRA = True
    i = (step * 32) % 224
    loss = train_step(tf.constant(XS[i:i + 32]), tf.constant(YS[i:i + 32]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:40]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
}))
