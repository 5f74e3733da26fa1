"""Inside the training step a `tf.autodiff.ForwardAccumulator` with the first kernel as
primal and a tangent held in a global tensor computes a JVP of the loss (a directional
derivative) next to the usual GradientTape; the step uses the JVP's sign to pick the
learning-rate scale on an `if` on a tensor, and stores the JVP as a Python float in
an attribute.  From outside the loop rebinds the tangent global to a new tensor at calls
10 and 18.  Probes: forward-mode autodiff inside a converted step, its tangent read from
a global tensor."""
import random

import numpy

random.seed(3925)
numpy.random.seed(3925)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3925)
rng = np.random.default_rng(3925)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(0.05)
TANGENT = tf.constant(rng.normal(size=(4, 6)).astype(np.float32))


class Box:
    jvp = 0.0
    pos = 0


def train_step(x, y):
    with tf.autodiff.ForwardAccumulator(primals=W1, tangents=TANGENT) as acc:
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
    jvp = acc.jvp(loss)
    grads = tape.gradient(loss, [W1, W2])
    if jvp > 0:
        Box.pos += 1
        scale = 1.5
    else:
        scale = 1.0
    OPT.apply_gradients(zip([g * scale for g in grads], [W1, W2]))
    Box.jvp = float(jvp)
    return loss, jvp


for step in range(28):
    if step in (10, 18):
        TANGENT = tf.constant(rng.normal(size=(4, 6)).astype(np.float32))
    i = (step * 8) % 56
    loss, jvp = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(jvp)), repr(Box.jvp), Box.pos)

print("W1", W1.numpy().ravel().tolist())
print("W2", W2.numpy().ravel().tolist())
