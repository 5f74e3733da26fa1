"""Mixed precision switched on for an already-built hidden layer during fine-tuning:
at step 12 the loop sets `model.layers[0].dtype_policy = "mixed_float16"` (Keras 3
allows it; the layer then computes in float16 with float32 variables), and at step 22
sets it to "mixed_bfloat16".  Keras' `Layer.__call__` autocasts the inputs and reads
the policy natively while janus builds.  The loss is cast back to float32."""
import random

import numpy

random.seed(34)
numpy.random.seed(34)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4234)
rng = np.random.default_rng(4234)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (np.sin(XS[:, :1] * 2) + XS[:, 2:3]).astype(np.float32)
model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(16, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = model.layers[0](x)
        out = model.layers[1](tf.cast(h, tf.float32))
        loss = tf.reduce_mean(tf.square(out - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, h.dtype.name


for step in range(30):
    if step == 12:
        model.layers[0].dtype_policy = "mixed_float16"
    if step == 22:
        model.layers[0].dtype_policy = "mixed_bfloat16"
    i = (step * 8) % 88
    loss, dt = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), dt)

print(json.dumps({
    "k": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:6]],
    "h": [repr(float(v)) for v in model.layers[1].kernel.numpy().ravel()[:6]],
}))
