"""A Keras Dense(1) layer trained by the step through its trainable_weights; at step 15
the loop calls DENSE.enable_lora(2) (Keras 3 freezes the kernel and adds lora_kernel_a/b
variables, and changes the kernel property).  Probes: a layer's LoRA switch turned on
mid-run (new variables, new trainable list; a new optimizer for them)."""
import random

import numpy

random.seed(2934)
numpy.random.seed(2934)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2934)
rng = np.random.default_rng(2934)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)

DENSE = keras.layers.Dense(1)
DENSE.build((None, 4))
OPT2 = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(DENSE(x) - y))
    tv = DENSE.trainable_weights
    g = tape.gradient(loss, tv)
    OPT2.apply_gradients(zip(g, tv))
    print("ntv", len(tv))
    pass
    return loss


for step in range(30):
    if step == 15:
        DENSE.enable_lora(2)
        OPT2 = keras.optimizers.SGD(learning_rate=0.05)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"K": [repr(float(v)) for v in DENSE.kernel.numpy().ravel()], "n": len(DENSE.weights)}))
