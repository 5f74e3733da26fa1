"""Mixed-precision-style training with keras.optimizers.LossScaleOptimizer wrapping
SGD (dynamic scaling, dynamic_growth_steps=4).  The co-executed step (zlib.crc32 of
the batch) scales the loss, computes gradients and calls
opt.apply_gradients; at steps 9, 10 and 17 the batch contains an inf feature value
so the gradients overflow and the optimizer skips the update and halves the scale.
At step 20 the loop sets dynamic_growth_steps = 2.  Probes: the wrapped
optimizer's skip/grow logic at an optimizer site."""
import random

import numpy

random.seed(48)
numpy.random.seed(48)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4801)
rng = np.random.default_rng(4801)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] - 0.5 * XS[:, 4:5]).astype(np.float32)

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
mse = keras.losses.MeanSquaredError()
opt = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.05),
                                          initial_scale=2.0 ** 10, dynamic_growth_steps=4)
crcs = []


def train_step(x, y):
    crcs.append(zlib.crc32(x.tobytes()) % 4096)
    with tf.GradientTape() as tape:
        loss = mse(y, model(x))
        scaled = opt.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 20:
        opt.dynamic_growth_steps = 2
    i = (step * 8) % 56
    x = XS[i:i + 8].copy()
    if step in (9, 10, 17):
        x[0, 0] = np.inf
    loss = train_step(x, YS[i:i + 8])
    print(step, repr(float(loss)), repr(float(opt.dynamic_scale)), int(opt.iterations),
          repr(float(model.trainable_variables[0][0, 0])))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "crcs": crcs[-3:],
}))
