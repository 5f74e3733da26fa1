"""Mixed-precision fine-tuning: global policy mixed_float16, a
LossScaleOptimizer(Adam, initial_scale=2**12, dynamic_growth_steps=4); the step
scales the loss with OPT.scale_loss and lets apply_gradients unscale, skip non-finite
steps and adjust the scale.  Batches 9 and 17 are multiplied by 3e4 so float16
overflows.  At step 13 the program sets OPT.dynamic_growth_steps = 2.  Prints the
loss, the dynamic scale and the iteration count.  Probes: loss scaling with
in-optimizer skip conditions and an attribute edit of the wrapper mid-run."""
import random

import numpy

random.seed(57)
numpy.random.seed(57)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5701)
keras.mixed_precision.set_global_policy("mixed_float16")
rng = np.random.default_rng(5701)
XS = rng.normal(size=(30, 8, 5)).astype(np.float32)
for b in (9, 17):
    XS[b] *= 3e4
YS = rng.normal(size=(30, 8, 1)).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1, dtype="float32")])
OPT = keras.optimizers.LossScaleOptimizer(keras.optimizers.Adam(learning_rate=0.01),
                                          initial_scale=2.0 ** 12, dynamic_growth_steps=4)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = tf.reduce_mean(tf.square(tf.cast(pred, tf.float32) - y))
        scaled = OPT.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 13:
        OPT.dynamic_growth_steps = 2
    loss = train_step(tf.constant(XS[step]), tf.constant(YS[step]))
    print(step, repr(float(loss)), repr(float(OPT.dynamic_scale)), int(OPT.iterations))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in model.layers[1].kernel.numpy().ravel()],
    "scale": repr(float(OPT.dynamic_scale)),
    "vars": [repr(float(np.asarray(v).ravel()[0])) for v in OPT.variables[:6]],
}))
