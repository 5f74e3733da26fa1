"""Attributes of the KerasVariable objects themselves (not of the layers) steer library
code: `Layer._get_regularization_losses` iterates `trainable_weights` and asks each
variable's `regularizer`, so `sum(model.losses)` gains a term when the loop sets
`dense.bias.regularizer = keras.regularizers.L2(0.5)` on the *variable* at step 8;
the optimizer's `_overwrite_variables_directly_with_gradients` asks each variable's
`overwrite_with_gradient` and, when True, assigns the gradient to the variable instead
of an SGD step (set on the head's bias at step 15, cleared at step 23); and at step 19
`kernel.regularizer` is set to None again.  No layer attribute changes."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(36)
numpy.random.seed(36)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3608)
rng = np.random.default_rng(3608)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = np.tanh(XS[:, :2] * 1.5).astype(np.float32)
HID = keras.layers.Dense(8, activation="tanh", kernel_regularizer=keras.regularizers.L2(0.01))
OUT = keras.layers.Dense(2)
MODEL = keras.Sequential([keras.Input((6,)), HID, OUT])
OPT = keras.optimizers.SGD(learning_rate=0.05, momentum=0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
        reg = tf.add_n(MODEL.losses) if MODEL.losses else tf.constant(0.0)
        loss = mse + reg
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, reg, len(MODEL.losses)


for step in range(30):
    if step == 8:
        HID.bias.regularizer = keras.regularizers.L2(0.5)
    if step == 15:
        OUT.bias.overwrite_with_gradient = True
    if step == 19:
        HID.kernel.regularizer = None
    if step == 23:
        OUT.bias.overwrite_with_gradient = False
    i = (step * 8) % 56
    loss, reg, nl = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), float(reg).hex(), nl,
          [float(v).hex() for v in OUT.bias.numpy()])

print(json.dumps({
    "hid": [float(v).hex() for v in HID.kernel.numpy().ravel()[:8]],
    "hb": [float(v).hex() for v in HID.bias.numpy().ravel()[:4]],
    "out": [float(v).hex() for v in OUT.kernel.numpy().ravel()[:6]],
    "iters": int(OPT.iterations),
}))
