"""A program-defined Keras layer chooses between two of its own bound methods with
tf.cond(self.flag_t, self._noisy, self._clean), the usual training/inference switch
written with tensors.  Both branches project the global batch XB (one
fixed tensor for the whole run, so only the attributes change); _noisy adds self.noise, a tensor attribute the training loop
replaces before every call with fresh noise drawn outside the step (numpy), and
_clean scales by self.gain (a Python float changed at step 12).  self.flag_t is a
bool tensor the loop also sets (noisy on even steps).  Eagerly tf.cond runs the taken
method at each call with the attribute's current tensor.  Probes: bound-method branches
of tf.cond inside a layer, tensor attributes rebound between calls."""
import random

import numpy

random.seed(3739)
numpy.random.seed(3739)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3739)
rng = np.random.default_rng(3739)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = rng.normal(size=(64, 1)).astype(np.float32)


class NoisyProj(keras.layers.Layer):
    def __init__(self, units, **kw):
        super().__init__(**kw)
        self.units = units
        self.gain = 1.0
        self.noise = tf.zeros([units])
        self.flag_t = tf.constant(True)

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer="glorot_uniform")

    def _noisy(self):
        return keras.ops.matmul(XB, self.kernel) + self.noise

    def _clean(self):
        return keras.ops.matmul(XB, self.kernel) * self.gain

    def call(self, x):
        return tf.tanh(tf.cond(self.flag_t, self._noisy, self._clean)) + 0.0 * x[:, :1]


proj = NoisyProj(5)
head = keras.layers.Dense(1)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = proj(x)
        loss = tf.reduce_mean(tf.square(head(h) - y))
    variables = proj.trainable_variables + head.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, h


noise_rng = np.random.default_rng(99)
XB = tf.constant(XS[:8])
for step in range(28):
    if step == 12:
        proj.gain = 0.5
    proj.noise = tf.constant(noise_rng.normal(size=(5,)).astype(np.float32) * 0.3)
    proj.flag_t = tf.constant(step % 2 == 0)
    loss, h = train_step(XB, tf.constant(YS[:8]))
    print(step, float(loss).hex(), float(tf.reduce_sum(h)).hex())

print("final", [float(v).hex() for v in proj.kernel.numpy().ravel()[:6]], proj.gain)
del XB
