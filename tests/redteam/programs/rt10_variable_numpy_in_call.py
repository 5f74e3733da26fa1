"""A program layer whose call() reads its own tf.Variables as Python values: a gate
variable's .numpy() decides a Python branch, float() of a scale variable multiplies, and
int() of a non-trainable counter variable picks a slice; the layer also increments the
counter with assign_add inside call. The step assigns the gate and scale between two calls
of the same layer in one step, so a site that froze the values it read while building
would differ. np.random.choice on the probabilities keeps the step interpreted."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(3232)
rng = np.random.default_rng(3232)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.integers(0, 3, size=(96,)).astype("int32")


class Gated(keras.layers.Layer):
    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], 6), initializer="glorot_uniform", name="w")
        self.gate = self.add_weight(shape=(), initializer="zeros", trainable=False, name="gate")
        self.scale = self.add_weight(shape=(), initializer="ones", trainable=False, name="scale")
        self.count = self.add_weight(shape=(), initializer="zeros", trainable=False, dtype="int32", name="count")

    def call(self, x):
        z = tf.matmul(x, self.w) * float(self.scale)
        if self.gate.numpy() > 0.5:
            z = tf.nn.relu(z)
        else:
            z = tf.tanh(z)
        k = int(self.count) % 3
        self.count.assign_add(1)
        return tf.concat([z[:, k:], z[:, :k]], axis=1)


G = Gated()
HEAD = keras.layers.Dense(3)
G.build((None, 4))
HEAD.build((None, 6))
VARS = G.trainable_variables + HEAD.trainable_variables
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        h1 = G(x)
        G.gate.assign(1.0 - G.gate)
        G.scale.assign(G.scale * 1.1)
        h2 = G(x * 0.5)
        logits = HEAD(h1 + h2)
        loss = LOSS(y, logits)
    p = tf.nn.softmax(logits).numpy().astype(np.float64)[0]
    a = int(np.random.choice(3, p=p / p.sum()))
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.1 * g)
    if step % 4 == 0:
        G.gate.assign(1.0 - G.gate)
    return loss, grads, a, h1, h2


for step in range(30):
    i = (step * 8) % 88
    loss, grads, a, h1, h2 = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]), step)
    print(step, repr(float(loss)), a, int(G.count), repr(float(G.scale)), float(G.gate))
    print("  h", flat(h1[0]), flat(h2[0]))
    print("  g", flat(grads[0])[:6], flat(grads[-1]))

print(json.dumps({"vars": [flat(v) for v in G.weights + HEAD.weights]}))
