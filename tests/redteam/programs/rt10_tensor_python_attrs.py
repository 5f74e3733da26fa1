"""Python attributes the program hangs on the eager tensors it passes to a co-executed
layer: the layer's call() reads getattr(x, 'gain', 1.0) and getattr(x, 'tag', None) from its
input tensor (a pattern like Keras' own `_keras_mask`), and the step sets them on some
steps only, to values that change; the same tensor object is passed twice with its
attribute changed in between. A site that guards only the input's type, dtype and shape
would keep the first gain. np.random.choice keeps the step interpreted."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(4242)
rng = np.random.default_rng(4242)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.integers(0, 3, size=(96,)).astype("int32")


class Hinted(keras.layers.Layer):
    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], 5), initializer="glorot_uniform", name="w")

    def call(self, x):
        gain = getattr(x, "gain", 1.0)
        tag = getattr(x, "tag", None)
        z = tf.matmul(x, self.w) * gain
        if tag == "neg":
            z = -z
        return tf.tanh(z)


HINT = Hinted()
HEAD = keras.layers.Dense(3)
HINT.build((None, 4))
HEAD.build((None, 5))
VARS = HINT.trainable_variables + HEAD.trainable_variables
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y, step):
    if step % 3 == 0:
        x.gain = 1.0 + 0.25 * (step % 5)
    if step % 4 == 1:
        x.tag = "neg"
    with tf.GradientTape() as tape:
        h1 = HINT(x)
        x.gain = getattr(x, "gain", 1.0) * 2.0
        h2 = HINT(x)
        logits = HEAD(h1 + h2)
        loss = LOSS(y, logits)
    p = tf.nn.softmax(logits).numpy().astype(np.float64)[0]
    a = int(np.random.choice(3, p=p / p.sum()))
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.1 * g)
    return loss, grads, a, h1, h2


for step in range(30):
    i = (step * 8) % 88
    x = tf.constant(X[i:i + 8])
    loss, grads, a, h1, h2 = train_step(x, tf.constant(Y[i:i + 8]), step)
    print(step, repr(float(loss)), a, x.gain, getattr(x, "tag", None))
    print("  h", flat(h1[0]), flat(h2[0]), "g", flat(grads[-1]))

print(json.dumps({"vars": [flat(v) for v in VARS]}))
