"""Fine-tuning code attaches a weight regularizer to an already-built layer's kernel at
step 15 (MODEL.layers[0].kernel.regularizer = keras.regularizers.L2(0.05): the attribute
lives on the Keras variable, which Layer.losses reads), and the step adds
sum(MODEL.losses) to its loss.  Probes: a library object reached only through a layer's
list of variables, changed mid-run."""
import random

import numpy

random.seed(2836)
numpy.random.seed(2836)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2836)
rng = np.random.default_rng(2836)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
MODEL = keras.Sequential([
    keras.Input((6,)),
    keras.layers.Dense(16, activation="tanh"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
        reg = tf.add_n([0.0] + list(MODEL.losses))
        total = loss + reg
    grads = tape.gradient(total, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, reg


for step in range(30):
    if step == 15:
        MODEL.layers[0].kernel.regularizer = keras.regularizers.L2(0.05)
    i = (step * 8) % 56
    loss, reg = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(reg)))

print(json.dumps({
    "k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
}))
