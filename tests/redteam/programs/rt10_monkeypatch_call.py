"""Monkeypatching what a co-execution site's layer runs: the program's own layer class gets
a new `call` on the class (step 10); a Dense instance gets an instance attribute `call`
shadowing the class method (step 15), removed again (step 22); the custom class's helper
method used inside call() is replaced (step 26). np.random.choice on the model's
probabilities keeps the step interpreted."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(808)
rng = np.random.default_rng(808)
X = rng.normal(size=(96, 5)).astype("float32")
Y = rng.integers(0, 3, size=(96,)).astype("int32")


class Gate(keras.layers.Layer):
    def build(self, shape):
        self.g = self.add_weight(shape=(shape[-1],), initializer="ones", name="g")

    def squash(self, z):
        return tf.tanh(z)

    def call(self, x):
        return self.squash(x * self.g)


def call_v2(self, x):
    return tf.nn.relu(x * self.g) - 0.1 * self.g


def squash_v2(self, z):
    return tf.sigmoid(z) * 2.0 - 1.0


GATE = Gate()
DENSE = keras.layers.Dense(5)
HEAD = keras.layers.Dense(3)
DENSE.build((None, 5))
GATE.build((None, 5))
HEAD.build((None, 5))
VARS = DENSE.trainable_variables + GATE.trainable_variables + HEAD.trainable_variables
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
ORIG_DENSE_CALL = type(DENSE).call


def dense_call_scaled(x, training=None):
    return ORIG_DENSE_CALL(DENSE, x) * 0.5


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = DENSE(x)
        h = GATE(h)
        logits = HEAD(h)
        loss = LOSS(y, logits)
    probs = tf.nn.softmax(logits).numpy().astype(np.float64)[0]
    a = int(np.random.choice(3, p=probs / probs.sum()))
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.1 * g)
    return loss, grads, a, h


for step in range(32):
    if step == 10:
        Gate.call = call_v2
    if step == 15:
        DENSE.call = dense_call_scaled
    if step == 22:
        del DENSE.call
    if step == 26:
        Gate.squash = squash_v2
        Gate.call = lambda self, x: self.squash(x * self.g)
    i = (step * 8) % 88
    loss, grads, a, h = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]))
    print(step, repr(float(loss)), a, flat(h[0]))
    print("  g", flat(grads[2]), flat(grads[-1]))

print(json.dumps({"vars": [flat(v) for v in VARS]}))
