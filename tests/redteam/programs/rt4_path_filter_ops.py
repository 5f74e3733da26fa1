"""The step filters gradients by Keras variable paths (v.path strings Keras makes) against a
global tuple FROZEN, computes per-variable norms with keras.ops, and stores them in a
dict keyed by path on the model (Python state). At step 19 the loop sets
FROZEN = ("enc/",) (was ()): the encoder must stop training and drop out of the dict."""
import numpy as np
import tensorflow as tf
import keras
from keras import ops

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(113)
rng = np.random.default_rng(113)
X = tf.constant(rng.normal(size=(30, 5)))
Y = tf.constant(rng.normal(size=(30, 2)))

FROZEN = ()


class AE(keras.Model):
    def __init__(self):
        super().__init__(name="ae")
        self.enc = keras.layers.Dense(3, activation="tanh", name="enc")
        self.dec = keras.layers.Dense(2, name="dec")
        self.grad_norms = {}

    def call(self, x):
        return self.dec(self.enc(x))

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = ops.mean(ops.square(self(x, training=True) - y))
        pairs = []
        for v in self.trainable_variables:
            if any(tag in v.path for tag in FROZEN):
                continue
            pairs.append(v)
        grads = tape.gradient(loss, pairs)
        norms = {}
        for v, g in zip(pairs, grads):
            norms[v.path] = float(ops.sqrt(ops.sum(ops.square(g))))
            v.assign_sub(0.1 * g)
        self.grad_norms = norms
        return loss


model = AE()
model(X[:1])

for step in range(38):
    if step == 19:
        FROZEN = ("enc/",)
    loss = model.train_step(X, Y)
    print(step, repr(float(loss)), sorted(model.grad_norms),
          [repr(model.grad_norms[k]) for k in sorted(model.grad_norms)])

print("final", [(v.path, repr(float(tf.reduce_sum(v)))) for v in model.weights], FROZEN)
