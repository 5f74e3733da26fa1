"""A Sequential regressor with BatchNormalization whose step calls the model twice:
once under the tape with `training=True` (which updates BN's moving mean and variance
by assignment) and, after the optimizer's update, once with `training=False` on the
same batch (which reads the moving statistics and weights just written) for a printed
post-update loss.  Mid-run BN's configuration and state change from the loop: at step 8
`bn.momentum = 0.5` (a plain attribute Keras reads), at step 15 the loop resets
`bn.moving_mean`/`moving_variance` by assignment, at step 21 `bn.epsilon = 0.1`, at
step 27 `bn.trainable = False` (Keras 3 then runs BN in inference mode even with
training=True, and its gamma/beta leave `trainable_variables`).
Probes: non-trainable variables written by library code in one call and read again
later in the same call; BN attributes changed between calls."""
import random

import numpy

random.seed(5730)
numpy.random.seed(5730)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5730)
rng = np.random.default_rng(5730)
XS = (rng.normal(size=(192, 6)) * np.array([1, 3, 0.5, 2, 1, 4]) + 1.0).astype(np.float32)
YS = (np.tanh(XS[:, :2].sum(axis=1, keepdims=True) * 0.3)).astype(np.float32)

BN = keras.layers.BatchNormalization()
MODEL = keras.Sequential([
    keras.Input((6,)),
    keras.layers.Dense(8),
    BN,
    keras.layers.Activation("relu"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    tv = MODEL.trainable_variables
    grads = tape.gradient(loss, tv)
    OPT.apply_gradients(zip(grads, tv))
    eval_loss = tf.reduce_mean(tf.square(MODEL(x, training=False) - y))
    return loss, eval_loss, len(tv)


for step in range(34):
    if step == 8:
        BN.momentum = 0.5
    if step == 15:
        BN.moving_mean.assign(tf.zeros_like(BN.moving_mean))
        BN.moving_variance.assign(tf.ones_like(BN.moving_variance))
    if step == 21:
        BN.epsilon = 0.1
    if step == 27:
        BN.trainable = False
    i = (step * 12) % 180
    loss, eval_loss, ntv = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)), repr(float(eval_loss)), ntv,
          repr(float(BN.moving_mean.numpy()[0])), repr(float(BN.moving_variance.numpy()[1])))

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "gamma": [repr(float(v)) for v in BN.gamma.numpy()],
    "mm": [repr(float(v)) for v in BN.moving_mean.numpy()],
}))
