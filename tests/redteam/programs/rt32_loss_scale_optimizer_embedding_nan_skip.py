"""keras.optimizers.LossScaleOptimizer (dynamic scale, initial 2**10, growth every 4
steps) wraps SGD for an Embedding model; the step scales the loss, takes IndexedSlices
grads and calls apply_gradients, which unscales and skips on non-finite grads.  At steps
10 and 20 the targets contain an inf so grads become non-finite and the scale halves.
Prints loss, the dynamic scale and iterations.  Probes: LossScaleOptimizer's conditional
apply with IndexedSlices, a cond in the optimizer on grads' finiteness."""
import random

import numpy

random.seed(20)
numpy.random.seed(20)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2020)
rng = np.random.default_rng(2020)
IDS = rng.integers(0, 10, size=(200, 3)).astype(np.int32)
YS = rng.normal(size=(200, 1)).astype(np.float32)
MODEL = keras.Sequential([keras.Input((3,), dtype="int32"), keras.layers.Embedding(10, 4),
                          keras.layers.Flatten(), keras.layers.Dense(1)])
OPT = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(learning_rate=0.05),
                                          initial_scale=2.0 ** 10, dynamic_growth_steps=4)


def train_step(ids, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(ids) - y))
        scaled = OPT.scale_loss(loss)
    grads = tape.gradient(scaled, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    i = (step * 5) % 190
    y = YS[i:i + 5].copy()
    if step in (10, 20):
        y[1, 0] = np.inf
    loss = train_step(tf.constant(IDS[i:i + 5]), tf.constant(y))
    print(step, repr(float(loss)), repr(float(OPT.dynamic_scale)), int(OPT.iterations))

print(json.dumps({
    "w": [[repr(float(x)) for x in v.numpy().ravel()[:12]] for v in MODEL.trainable_variables],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
}))
