"""A realistic multi-task setup: a Keras functional trunk with two task heads; each batch
carries a task id tensor, and the step picks the head with `if task == 0:` (a branch on
a tensor) inside the tape, then hands `zip(grads, model.trainable_variables)` straight
to Keras' Adam.  Eagerly the unused head's gradients are None, which Keras drops (with
a warning), so its weights and Adam moments do not move; the loop prints the loss and
the norms of both heads' kernels and Adam's iteration count.  Tasks alternate
irregularly.  Probes: Keras' filtering of None gradients for a head used in the other
arm of a branch on a tensor."""
import random
import warnings

import numpy

random.seed(3945)
numpy.random.seed(3945)

import keras
import numpy as np
import tensorflow as tf

warnings.simplefilter("ignore")
keras.utils.set_random_seed(3945)
rng = np.random.default_rng(3945)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YA = np.tanh(XS @ rng.normal(size=(5, 1))).astype(np.float32)
YB = np.sin(XS @ rng.normal(size=(5, 1))).astype(np.float32)
inp = keras.Input((5,))
trunk = keras.layers.Dense(8, activation="relu", name="trunk")(inp)
ha = keras.layers.Dense(1, name="head_a")(trunk)
hb = keras.layers.Dense(1, name="head_b")(trunk)
MODEL = keras.Model(inp, [ha, hb])
TRUNK = keras.Model(inp, trunk)
HEAD_A = MODEL.get_layer("head_a")
HEAD_B = MODEL.get_layer("head_b")
OPT = keras.optimizers.Adam(0.02)
OPT.build(MODEL.trainable_variables)
TASKS = [0, 1, 1, 0, 0, 1, 0, 1, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1, 0, 0, 1]


def train_step(x, y, task):
    with tf.GradientTape() as tape:
        h = TRUNK(x)
        if task == 0:
            pred = HEAD_A(h)
        else:
            pred = HEAD_B(h)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step, t in enumerate(TASKS):
    i = (step * 16) % 80
    y = YA[i:i + 16] if t == 0 else YB[i:i + 16]
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(y), tf.constant(t))
    print(step, t, repr(float(loss)), repr(float(np.linalg.norm(HEAD_A.kernel.numpy()))),
          repr(float(np.linalg.norm(HEAD_B.kernel.numpy()))), int(OPT.iterations))

for v in MODEL.weights:
    print(v.path, v.numpy().ravel()[:4].tolist())
