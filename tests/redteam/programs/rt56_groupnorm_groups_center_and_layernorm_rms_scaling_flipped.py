"""A subclassed Keras model with a GroupNormalization after its first Dense and a
LayerNormalization after its second.  Mid-run the loop changes how the normalisation
layers compute, through plain attributes their `call` reads: step 7 `GN.groups` 4 -> 2
(the reshape into groups and gamma's broadcast shape change), step 12
`LN.rms_scaling = True`, step 17 `GN.epsilon = 0.1`, step 22 `GN.center = False` (beta
no longer used: its gradient becomes None and Keras warns), step 27 `GN.groups = 8` and
`LN.epsilon = 1.0`, step 31 `LN.rms_scaling = False`.  Probes: layer attributes that
change shapes computed in Python, which variables take part in the loss, and a warning
shown by the optimizer."""
import random

import numpy

random.seed(5625)
numpy.random.seed(5625)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5625)
rng = np.random.default_rng(5625)
XS = rng.normal(size=(144, 5)).astype(np.float32)
YS = (np.sin(XS[:, :1] * 2.0) + XS[:, 1:2] * XS[:, 4:5]).astype(np.float32)

GN = keras.layers.GroupNormalization(groups=4, epsilon=1e-3)
LN = keras.layers.LayerNormalization(epsilon=1e-3)


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = keras.layers.Dense(16)
        self.gn = GN
        self.d2 = keras.layers.Dense(8, activation="relu")
        self.ln = LN
        self.out = keras.layers.Dense(1)

    def call(self, x, training=False):
        h = keras.activations.gelu(self.gn(self.d1(x)))
        return self.out(self.ln(self.d2(h)))


MODEL = Net()
MODEL(XS[:2])
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 7:
        GN.groups = 2
    if step == 12:
        LN.rms_scaling = True
    if step == 17:
        GN.epsilon = 0.1
    if step == 22:
        GN.center = False
    if step == 27:
        GN.groups = 8
        LN.epsilon = 1.0
    if step == 31:
        LN.rms_scaling = False
    i = (step * 8) % 136
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(GN.gamma.numpy()[0])), repr(float(GN.beta.numpy()[1])),
          repr(float(LN.beta.numpy()[0])))

print(json.dumps({"gn_gamma": [repr(float(v)) for v in GN.gamma.numpy()[:6]],
                  "ln_gamma": [repr(float(v)) for v in LN.gamma.numpy()[:6]],
                  "out": [repr(float(v)) for v in MODEL.out.kernel.numpy().ravel()]}))
