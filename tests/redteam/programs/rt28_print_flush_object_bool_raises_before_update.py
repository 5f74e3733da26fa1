"""The step prints its loss with print(..., flush=POLICY) before the optimizer update.
print() converts `flush` with PyObject_IsTrue before it writes anything, so POLICY's
__bool__ (the program's code: it counts how often it was asked, and raises once the
policy is revoked) runs at that point of the step.  At step 16 the loop revokes the
policy: eager's print raises RuntimeError before the update, so no update lands.
Probes: a print whose `flush` argument runs program code and fails, replayed after the
graph's updates."""
import random

import numpy

random.seed(2811)
numpy.random.seed(2811)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2811)
rng = np.random.default_rng(2811)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


class FlushPolicy:
    def __init__(self):
        self.asked = 0
        self.revoked = False

    def __bool__(self):
        self.asked += 1
        if self.revoked:
            raise RuntimeError("flush policy revoked")
        return False


POLICY = FlushPolicy()


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    print("  loss", repr(float(loss)), flush=POLICY)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 16:
        POLICY.revoked = True
    if step == 24:
        POLICY.revoked = False
    i = (step * 8) % 56
    try:
        train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, "ok", POLICY.asked, int(OPT.iterations))
    except RuntimeError as e:
        print(step, "RuntimeError", e, POLICY.asked, int(OPT.iterations))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
