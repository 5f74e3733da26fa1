"""Library classes changed between steps, the way patching code does: a method replaced
on a Keras layer class and restored, a method replaced on a base class of a loss
(LossFunctionWrapper, which MeanSquaredError inherits its `call` from), and an
optimizer class given a method that shadows its base's, then deleted again; a TF
module's function that Keras looks up when it runs (`tf.math.tanh`) replaced and restored.
No object's dict changes (tests/e2e/test_library_classes.py runs this in both modes).  One JSON
document last."""

import json

import keras
import numpy as np
import tensorflow as tf
from keras.src.losses.losses import LossFunctionWrapper

tf.keras.utils.set_random_seed(7)
X = tf.constant(np.random.default_rng(0).normal(size=(16, 4)).astype("float32"))
Y = tf.constant(np.random.default_rng(1).normal(size=(16, 1)).astype("float32"))
STEPS = 26

dense = keras.layers.Dense(1, activation="tanh")
dense(X)
opt = keras.optimizers.SGD(0.1)
loss_fn = keras.losses.MeanSquaredError()

ORIGINAL_DENSE_CALL = keras.layers.Dense.call
ORIGINAL_WRAPPER_CALL = LossFunctionWrapper.call
SGD_UPDATE_STEP = keras.optimizers.SGD.__dict__["update_step"]
ORIGINAL_TANH = tf.math.tanh


def halved_call(self, inputs, training=None):
    return ORIGINAL_DENSE_CALL(self, inputs, training=training) * 0.5


def doubled_loss(self, y_true, y_pred):
    return ORIGINAL_WRAPPER_CALL(self, y_true, y_pred) * 2.0


def slow_update_step(self, gradient, variable, learning_rate):
    # SGD's own update_step with a tenth of the gradient.
    return SGD_UPDATE_STEP(self, gradient * 0.1, variable, learning_rate)


def softsign_tanh(x, name=None):
    return tf.nn.softsign(x, name=name)


def train_step():
    with tf.GradientTape() as tape:
        loss = loss_fn(Y, dense(X))
    grads = tape.gradient(loss, dense.trainable_variables)
    opt.apply_gradients(zip(grads, dense.trainable_variables))
    return loss


for i in range(STEPS):
    if i == 5:
        keras.layers.Dense.call = halved_call
    if i == 8:
        keras.layers.Dense.call = ORIGINAL_DENSE_CALL
    if i == 11:
        LossFunctionWrapper.call = doubled_loss
    if i == 14:
        keras.optimizers.SGD.update_step = slow_update_step
    if i == 17:
        keras.optimizers.SGD.update_step = SGD_UPDATE_STEP
        LossFunctionWrapper.call = ORIGINAL_WRAPPER_CALL
    if i == 20:
        tf.math.tanh = softsign_tanh
    if i == 23:
        tf.math.tanh = ORIGINAL_TANH
    print(i, repr(float(train_step())))

print(json.dumps({"dense": [w.numpy().tolist() for w in dense.weights],
                  "iterations": int(opt.iterations.numpy())}))
