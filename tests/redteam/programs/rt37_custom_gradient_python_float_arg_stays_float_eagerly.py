"""The program's @tf.custom_gradient function takes a tensor and a Python float `scale`.
Eagerly TF calls it with the float as given (_eager_mode_decorator passes args
unchanged), so inside it `type(scale).__name__` is 'float', f"{scale}" prints the float,
and `if scale > 1.0` is a Python branch; TF's graph-mode decorator converts every
argument with convert_to_tensor first, so a graph build would hand it a float32 tensor
(its text, its type name and a traced branch differ).  The function prints a tag made
from scale and returns a gradient scaled by it.  The global SCALE goes from 0.5 to 1.5 at
step 12 (the other branch).  Probes: tf.custom_gradient's eager-only argument handling
in a converted step."""
import random

import numpy

random.seed(3721)
numpy.random.seed(3721)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3721)
rng = np.random.default_rng(3721)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = rng.normal(size=(64, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SCALE = 0.5


@tf.custom_gradient
def scaled_grad(x, scale):
    kind = type(scale).__name__
    if scale > 1.0:
        tag = f"amplify {scale} ({kind})"
        y = tf.identity(x)
    else:
        tag = f"damp {scale} ({kind})"
        y = x * 1.0
    print("   ", tag)

    def grad(dy):
        return dy * scale, None

    return y, grad


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = scaled_grad(x @ W, SCALE)
        loss = tf.reduce_mean(tf.square(h - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


for step in range(24):
    if step == 12:
        SCALE = 1.5
    j = (step * 8) % 56
    loss = train_step(tf.constant(XS[j:j + 8]), tf.constant(YS[j:j + 8]))
    print(step, float(loss).hex())

print("final", [float(v).hex() for v in W.numpy().ravel()], SCALE)
