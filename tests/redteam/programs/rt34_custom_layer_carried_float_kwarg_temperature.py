"""A custom Keras layer takes a temperature keyword argument: `HEAD(h, temperature=t)`,
where t is a Python float the step computes from the previous loss it keeps
(t = 1.0 + min(float(prev), 2.0) / 4).  Keras' Layer.__call__ maps its argument
conversion over the kwargs (tree.map_structure(maybe_convert, kwargs)); inside call()
the layer divides its logits by the temperature and keeps `type(temperature).__name__`
in a Python list.  Eagerly the layer sees a Python float.  Probes: carried Python
numbers handed to Keras' own __call__ machinery and then to the program's call()."""
import random

import numpy

random.seed(3426)
numpy.random.seed(3426)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3426)
rng = np.random.default_rng(3426)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, 0] + XS[:, 1] > 0).astype(np.int32)
KINDS = []


class TempHead(keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], 2), initializer="glorot_uniform", name="w")

    def call(self, h, temperature=1.0):
        KINDS.append(type(temperature).__name__)
        return (h @ self.w) / temperature


BODY = keras.layers.Dense(6, activation="tanh")
HEAD = TempHead()
OPT = keras.optimizers.SGD(learning_rate=0.1)
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
PREV = [1.0]


def train_step(x, y):
    t = 1.0 + min(PREV[0], 2.0) / 4.0
    with tf.GradientTape() as tape:
        logits = HEAD(BODY(x), temperature=t)
        loss = LOSS(y, logits)
    tv = BODY.trainable_variables + HEAD.trainable_variables
    grads = tape.gradient(loss, tv)
    OPT.apply_gradients(zip(grads, tv))
    PREV[0] = float(loss)
    return loss, t


for step in range(34):
    i = (step * 8) % 88
    loss, t = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), t.hex())

print("kinds", sorted(set(KINDS)), len(KINDS))
for v in BODY.trainable_variables + HEAD.trainable_variables:
    print(v.path, float(tf.reduce_sum(v)).hex())
