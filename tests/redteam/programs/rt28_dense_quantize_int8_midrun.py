"""Fine-tuning code freezes a Keras model's first Dense layer and quantizes it to int8 at
step 15 (layer.quantize("int8"): Keras replaces the float kernel by an int8 kernel and a
kernel_scale, and routes call() through its quantized path), then keeps training the
rest.  Probes: a library object's weights and call path replaced mid-run the way
post-training quantization does it."""
import random

import numpy

random.seed(2819)
numpy.random.seed(2819)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2819)
rng = np.random.default_rng(2819)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
MODEL = keras.Sequential([
    keras.Input((6,)),
    keras.layers.Dense(16, activation="tanh"),
    keras.layers.Dense(8, activation="relu"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    variables = MODEL.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss


for step in range(30):
    if step == 15:
        MODEL.layers[0].trainable = False
        MODEL.layers[0].quantize("int8")
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(MODEL.trainable_variables))

print(json.dumps({
    "out": [repr(float(v)) for v in MODEL(tf.constant(XS[:4])).numpy().ravel()],
    "last": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
}))
