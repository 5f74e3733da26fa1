"""A model with a custom layer that keeps a running amplitude estimate `amax` (in
thousandths) as a trainable Keras variable whose "gradient" is the new estimate (as
float8 scaling layers do: the layer uses amax only under stop_gradient, and the step
adds a zero-valued term `amax * sg(cur) - sg(amax * cur)` so d loss / d amax is the
batch maximum / 1000).  Keras' optimizer overwrites a variable with its gradient, bypassing the
update rule and gradient clipping, when `variable.overwrite_with_gradient` is True.
The loop switches that flag on for `amax` at step 8, sets the optimizer's clipnorm at
step 14, switches the flag off at step 20 (amax is then trained by SGD), and on again
at step 26.
Probes: a Keras variable's property-backed flag, read by the optimizer while the step
runs, changed between converted calls; the optimizer's filtering of the overwritten
pair before clipping."""
import random

import numpy

random.seed(5520)
numpy.random.seed(5520)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5520)
rng = np.random.default_rng(5520)
XS = (rng.normal(size=(128, 4)) * np.linspace(0.5, 3.0, 128)[:, None]).astype(np.float32)
YS = (XS[:, :1] * 0.4 - XS[:, 2:3] * 0.2).astype(np.float32)


class AmaxScale(keras.layers.Layer):
    def build(self, input_shape):
        self.amax = self.add_weight(shape=(), initializer=keras.initializers.Constant(0.004),
                                    name="amax")

    def call(self, x):
        return x / (tf.stop_gradient(self.amax) * 1000.0)


SCALE = AmaxScale()
MODEL = keras.Sequential([keras.Input((4,)), SCALE, keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        cur = tf.reduce_max(tf.abs(x)) * 0.001
        probe = SCALE.amax * tf.stop_gradient(cur) - tf.stop_gradient(SCALE.amax * cur)
        loss = tf.reduce_mean(tf.square(pred - y)) + probe
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 8:
        SCALE.amax.overwrite_with_gradient = True
    if step == 14:
        OPT.clipnorm = 0.5
    if step == 20:
        SCALE.amax.overwrite_with_gradient = False
    if step == 26:
        SCALE.amax.overwrite_with_gradient = True
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), repr(float(SCALE.amax.numpy())), int(OPT.iterations))

print(json.dumps({"amax": repr(float(SCALE.amax.numpy())),
                  "w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()]}))
