"""An SGD subclass of the program's alternates its update rule on the parity of its
own iteration counter: update_step reads int(self.iterations) in Python and, on
odd iterations, applies the gradient with a global multiplier BOOST (sign-SGD
style on even ones).  The co-executed step (zlib.crc32 of the batch) calls
opt.apply_gradients.  At step 10 the loop assigns opt.iterations = 3, at 16 sets
BOOST = 3.0.  Probes: a Python decision on the optimizer's own counter in program
code an optimizer site runs, read before the site's own increment."""
import random

import numpy

random.seed(55)
numpy.random.seed(55)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5501)
rng = np.random.default_rng(5501)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] + XS[:, 1:2] * XS[:, 2:3]).astype(np.float32)
BOOST = 1.5


class ParitySGD(keras.optimizers.SGD):
    def update_step(self, gradient, variable, learning_rate):
        lr = keras.ops.cast(learning_rate, variable.dtype)
        if int(self.iterations) % 2 == 1:
            variable.assign_sub(lr * BOOST * gradient)
        else:
            variable.assign_sub(lr * 0.1 * keras.ops.sign(gradient))


model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1)])
mse = keras.losses.MeanSquaredError()
opt = ParitySGD(0.05)
crcs = []


def train_step(x, y):
    crcs.append(zlib.crc32(x.tobytes()) % 6000)
    with tf.GradientTape() as tape:
        loss = mse(y, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 10:
        opt.iterations.assign(3)
    if step == 16:
        BOOST = 3.0
    i = (step * 8) % 56
    loss = train_step(XS[i:i + 8], YS[i:i + 8])
    print(step, repr(float(loss)), int(opt.iterations), repr(float(model.trainable_variables[0][0, 0])))

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "crcs": crcs[-3:],
}))
