"""ResNeXt-style grouped convolution on sklearn's digits: Conv2D(4, 3) then
Conv2D(6, 3, groups=2).  On CPU Keras' TF backend runs a grouped convolution through
a tf.function(jit_compile=True) of its own (XLA), in eager too.  At step 12 the
grouped layer's activation changes to 'elu'; at step 20 the first conv is frozen.
Probes: a library op that eager itself runs as an XLA-compiled tf.function (forward
and gradient) under a converted step, bit for bit."""
import random

import numpy

random.seed(72)
numpy.random.seed(72)

import json

import keras
import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

keras.utils.set_random_seed(7201)
d = load_digits()
XS = (d.images[:256, :, :, None] / 16.0).astype(np.float32)
YS = d.target[:256].astype(np.int32)
c1 = keras.layers.Conv2D(4, 3, activation="relu")
c2 = keras.layers.Conv2D(6, 3, groups=2, activation="relu")
model = keras.Sequential([keras.Input((8, 8, 1)), c1, c2, keras.layers.Flatten(),
                          keras.layers.Dense(10)])
OPT = keras.optimizers.Adam(learning_rate=0.005)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 12:
        c2.activation = keras.activations.elu
    if step == 20:
        c1.trainable = False
    i = (step * 16) % 240
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), repr(float(c2.bias.numpy()[0])),
          repr(float(c2.kernel.numpy().ravel()[0])))

print(json.dumps({
    "c1": [repr(float(v)) for v in c1.kernel.numpy().ravel()[:8]],
    "c2": [repr(float(v)) for v in c2.kernel.numpy().ravel()[:8]],
    "c2b": [repr(float(v)) for v in c2.bias.numpy().ravel()],
    "dense": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()[:8]],
}))
