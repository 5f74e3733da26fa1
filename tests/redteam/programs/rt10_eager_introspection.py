"""A co-executed layer whose call() asks whether it runs eagerly, as library-style code
does: tf.executing_eagerly() gates a Python log of float(mean), tf.inside_function() picks
a branch, tf.get_static_value() of its input (eager: the value; in a graph: None) decides a
scaling, isinstance(x, EagerTensor) and hasattr(x, 'numpy') are recorded, and x.numpy() is
read. Eager answers the same at every call; the step prints what the layer saw. np.random
.choice on the probabilities keeps the step interpreted."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(5757)
rng = np.random.default_rng(5757)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.integers(0, 3, size=(96,)).astype("int32")
SEEN = []


class Introspect(keras.layers.Layer):
    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], 5), initializer="glorot_uniform", name="w")
        self.log = []

    def call(self, x):
        eager = tf.executing_eagerly()
        inside = tf.inside_function()
        static = tf.get_static_value(x)
        is_eager_t = isinstance(x, tf.__internal__.EagerTensor)
        SEEN.append((eager, inside, static is not None, is_eager_t, hasattr(x, "numpy")))
        z = tf.matmul(x, self.w)
        if eager:
            self.log.append(round(float(tf.reduce_mean(z)), 5))
        if inside:
            z = z * 0.0
        if static is not None:
            z = z + float(np.abs(static).mean()) * 0.1
        else:
            z = z - 1.0
        return tf.tanh(z)


INTRO = Introspect()
HEAD = keras.layers.Dense(3)
INTRO.build((None, 4))
HEAD.build((None, 5))
VARS = INTRO.trainable_variables + HEAD.trainable_variables
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = INTRO(x)
        logits = HEAD(h)
        loss = LOSS(y, logits)
    p = tf.nn.softmax(logits).numpy().astype(np.float64)[0]
    a = int(np.random.choice(3, p=p / p.sum()))
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.1 * g)
    return loss, grads, a


for step in range(30):
    i = (step * 8) % 88
    loss, grads, a = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]))
    print(step, repr(float(loss)), a, SEEN[-1], INTRO.log[-1:] , len(INTRO.log))
    print("  g", flat(grads[0])[:6], flat(grads[-1]))

print(json.dumps({"vars": [flat(v) for v in VARS], "log": INTRO.log, "seen": len(SEEN)}))
