"""Fine-tuning adds L2 regularisation to an already-built layer by attaching a
regularizer to its kernel variable (`dense.kernel.regularizer = L2(1e-2)`, Keras 3's
KerasVariable property) at step 12, and strengthens it in place at step 20
(`reg.l2 = 0.1`, the regularizer object's own attribute).  The step adds
`sum(model.losses)` to its loss; Keras computes those regularisation losses from each
trainable variable's `regularizer` while the step runs.  janus must see a change to
a variable object's attribute and to a regularizer object reached only through it."""
import random

import numpy

random.seed(31)
numpy.random.seed(31)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4231)
rng = np.random.default_rng(4231)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :2] @ np.array([[1.5], [-2.0]], np.float32)).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(model(x, training=True) - y))
        reg = tf.add_n([mse * 0.0] + list(model.losses))
        loss = mse + reg
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, reg


REG = keras.regularizers.L2(1e-2)
for step in range(30):
    if step == 12:
        model.layers[0].kernel.regularizer = REG
    if step == 20:
        REG.l2 = 0.1
    i = (step * 8) % 88
    loss, reg = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(reg)), len(model.losses))

print(json.dumps({
    "k": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:6]],
    "h": [repr(float(v)) for v in model.layers[1].kernel.numpy().ravel()],
}))
