"""Adam with use_ema=True, ema_momentum=0.9, ema_overwrite_frequency=5 in a
co-executed step (hashlib.md5 of the batch).  The loop changes ema_momentum to 0.5
at step 11 and ema_overwrite_frequency to 3 at step 17, and at step 24 swaps the
model's weights with the EMA ones by hand (opt.finalize_variable_values).  Probes:
EMA bookkeeping at an optimizer site whose options change after its build."""
import random

import numpy

random.seed(49)
numpy.random.seed(49)

import hashlib
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4901)
rng = np.random.default_rng(4901)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.sin(XS[:, :1] + XS[:, 1:2]).astype(np.float32)

model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
mse = keras.losses.MeanSquaredError()
opt = keras.optimizers.Adam(0.03, use_ema=True, ema_momentum=0.9, ema_overwrite_frequency=5)
digests = []


def train_step(x, y):
    digests.append(hashlib.md5(x.tobytes()).hexdigest()[:5])
    with tf.GradientTape() as tape:
        loss = mse(y, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 11:
        opt.ema_momentum = 0.5
    if step == 17:
        opt.ema_overwrite_frequency = 3
    if step == 24:
        opt.finalize_variable_values(model.trainable_variables)
    i = (step * 8) % 56
    loss = train_step(XS[i:i + 8], YS[i:i + 8])
    print(step, repr(float(loss)), repr(float(model.trainable_variables[0][0, 0])),
          repr(float(opt._model_variables_moving_average[0][0, 0])))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "digests": digests[-3:],
}))
