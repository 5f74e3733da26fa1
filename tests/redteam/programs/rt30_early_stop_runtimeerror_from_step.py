"""Early stopping implemented as an exception: the step applies the update, then
compares the loss with the best (a Python float on a tracker object); after PATIENCE
non-improving steps it raises a RuntimeError whose message formats the loss.  The
loop catches it, prints it, halves the learning rate, resets the tracker's wait, and
continues.  PATIENCE changes from 3 to 2 at step 15.  Probes: an exception the
program raises from a converted step after its update and its writes to Python
state (best, wait, history)."""
import random

import numpy

random.seed(35)
numpy.random.seed(35)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3501)
rng = np.random.default_rng(3501)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = (np.sin(XS[:, :1] * 2) + 0.3 * rng.normal(size=(64, 1))).astype(np.float32)
model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.2)
PATIENCE = 3


class StopPhase(Exception):
    def __init__(self, loss, wait):
        super().__init__(f"stop at loss {loss:.6f} after {wait}")
        self.loss = loss


class Tracker:
    def __init__(self):
        self.best = float("inf")
        self.wait = 0
        self.history = []


T = Tracker()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    lf = float(loss)
    T.history.append(lf)
    if lf < T.best - 1e-3:
        T.best = lf
        T.wait = 0
    else:
        T.wait += 1
        if T.wait >= PATIENCE:
            raise RuntimeError(f"stop at loss {lf:.6f} after {T.wait}")
    return loss


for step in range(30):
    if step == 15:
        PATIENCE = 2
    i = (step * 8) % 56
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), T.wait, repr(T.best))
    except RuntimeError as e:
        OPT.learning_rate = float(OPT.learning_rate) * 0.5
        T.wait = 0
        print(step, "stop", str(e), repr(T.history[-1]), repr(float(OPT.learning_rate)))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "best": repr(T.best), "wait": T.wait, "n": len(T.history),
    "hist": [repr(h) for h in T.history[-5:]],
}))
