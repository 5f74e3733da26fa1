"""Fine-tuning makes the output weights non-negative from step 12 by attaching a
constraint to the already-built kernel variable (`head.kernel.constraint =
keras.constraints.NonNeg()`); at step 20 it swaps in `MaxNorm(0.5)` and at step 25
edits that object in place (`mn.max_value = 0.2`).  Keras' optimizer applies
`variable.constraint` after each update inside `apply_gradients`.  janus must follow a
variable object's attribute and the constraint object reached through it."""
import random

import numpy

random.seed(32)
numpy.random.seed(32)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4232)
rng = np.random.default_rng(4232)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] * 0.5).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.Adam(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


head = model.layers[1]
MN = keras.constraints.MaxNorm(0.5, axis=0)
for step in range(30):
    if step == 12:
        head.kernel.constraint = keras.constraints.NonNeg()
    if step == 20:
        head.kernel.constraint = MN
    if step == 25:
        MN.max_value = 0.2
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    hk = head.kernel.numpy()
    print(step, repr(float(loss)), repr(float(hk.min())), repr(float(np.sqrt((hk ** 2).sum()))))

print(json.dumps({
    "k": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:6]],
    "h": [repr(float(v)) for v in head.kernel.numpy().ravel()],
}))
