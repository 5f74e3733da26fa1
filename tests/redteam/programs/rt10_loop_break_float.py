"""A step whose Python loop stops on float() of a tensor: an iterative refinement that
calls the same layer site up to 8 times and breaks when the update's norm falls below a
tolerance (changed at step 12), so the number of site calls per step varies; inside the
loop a program layer's call() calls back into a program function that calls another global
Keras layer (rebound at step 18). Gradients flow through every iteration. The step is
co-executed (a loop that needs a tensor's value to stop)."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(4545)
rng = np.random.default_rng(4545)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.normal(size=(96, 1)).astype("float32")

INNER_A = keras.layers.Dense(4, activation="tanh")
INNER_B = keras.layers.Dense(4, activation="sigmoid")
INNER_A.build((None, 4))
INNER_B.build((None, 4))
INNER = INNER_A
TOL = [0.2]
TRIPS = []


def refine(z):
    return INNER(z) * 0.5


class Step(keras.layers.Layer):
    def call(self, z):
        return z + 0.5 * (refine(z) - z)


STEP = Step()
HEAD = keras.layers.Dense(1)
HEAD.build((None, 4))


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y):
    vs = INNER.trainable_variables + HEAD.trainable_variables
    with tf.GradientTape() as tape:
        z = x
        trips = 0
        for it in range(8):
            nz = STEP(z)
            delta = float(tf.norm(nz - z))
            z = nz
            trips += 1
            if delta < TOL[0]:
                break
        p = HEAD(z)
        loss = tf.reduce_mean(tf.square(p - y))
    TRIPS.append(trips)
    grads = tape.gradient(loss, vs)
    for v, g in zip(vs, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, trips, delta


for step in range(32):
    if step == 12:
        TOL[0] = 0.3
    if step == 18:
        INNER = INNER_B
    if step == 25:
        TOL[0] = 0.05
    i = (step * 8) % 88
    loss, grads, trips, delta = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]))
    print(step, repr(float(loss)), trips, repr(delta))
    print("  g", flat(grads[0])[:6], flat(grads[-1]))

print(json.dumps({"vars": [flat(v) for v in INNER_A.weights + INNER_B.weights + HEAD.weights], "trips": TRIPS}))
