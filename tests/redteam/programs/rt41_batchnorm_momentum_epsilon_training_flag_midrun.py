"""A conv-free MLP with BatchNormalization trained with `training=` passed as a Python
bool that the loop alternates in phases (train mode, then inference-mode steps as in
"freeze BN statistics" recipes).  The step also reads `bn.moving_mean` AFTER the
forward pass (so after the moving-average update) and adds a small penalty on it.
Between steps the loop changes `bn.momentum` (0.99 -> 0.5), `bn.epsilon` (1e-3 ->
0.1), and toggles `bn.trainable`.  Probes: BN moving statistics read after their
in-step update, BN attributes and the training flag changed mid-run."""
import random

import numpy

random.seed(38)
numpy.random.seed(38)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4131)
rng = np.random.default_rng(4131)
XS = (rng.normal(size=(96, 6)) * 2.0 + 1.0).astype(np.float32)
YS = (np.tanh(XS[:, :2].sum(axis=1, keepdims=True) * 0.3)).astype(np.float32)
bn = keras.layers.BatchNormalization(name="bn")
model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(10), bn,
                          keras.layers.Activation("relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.03)


def train_step(x, y, training):
    with tf.GradientTape() as tape:
        pred = model(x, training=training)
        loss = tf.reduce_mean(tf.square(pred - y)) + 1e-3 * tf.reduce_sum(tf.square(bn.moving_mean))
    tv = model.trainable_variables
    grads = tape.gradient(loss, tv)
    OPT.apply_gradients(zip(grads, tv))
    return loss


for step in range(40):
    if step == 10:
        bn.momentum = 0.5
    elif step == 16:
        bn.epsilon = 0.1
    elif step == 22:
        bn.trainable = False
    elif step == 30:
        bn.trainable = True
    training = (step // 3) % 3 != 2
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), training)
    print(step, training, repr(float(loss)), repr(float(tf.reduce_sum(bn.moving_mean))),
          repr(float(tf.reduce_sum(bn.moving_variance))), len(model.trainable_variables))

print("vars", [repr(float(tf.reduce_sum(v))) for v in model.variables])
