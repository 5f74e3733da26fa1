"""Fine-tuning a small conv-free MLP with a BatchNormalization layer by a custom tape loop
(Keras SGD with momentum).  At step 10 the loop freezes the BN layer (`bn.trainable =
False`: Keras 3 then runs it in inference mode, with moving statistics, and stops
updating them); at step 18 it changes `bn.momentum = 0.5` and `bn.epsilon = 0.1` while
frozen; at step 24 it unfreezes it.  The step calls the model with `training=True`
and reads `model.trainable_variables`.  The loop prints the loss, the moving mean and
variance sums and the number of trainable variables.  Probes: a BN layer's trainable
flag, momentum and epsilon changed between steps."""
import random

import numpy

random.seed(59)
numpy.random.seed(59)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4020)
rng = np.random.default_rng(4020)
XS = (rng.normal(size=(96, 5)) * 2.0 + 1.0).astype(np.float32)
YS = (np.tanh(XS[:, :2] @ np.array([[0.3], [-0.2]], np.float32))).astype(np.float32)
bn = keras.layers.BatchNormalization()
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6), bn, keras.layers.Activation("tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05, momentum=0.9)


def train_step(x, y):
    tv = model.trainable_variables
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, tv)
    OPT.apply_gradients(zip(grads, tv))
    return loss, len(tv)


for step in range(32):
    if step == 10:
        bn.trainable = False
    if step == 18:
        bn.momentum = 0.5
        bn.epsilon = 0.1
    if step == 24:
        bn.trainable = True
    i = (step * 8) % 96
    loss, ntv = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), ntv, repr(float(tf.reduce_sum(bn.moving_mean))),
          repr(float(tf.reduce_sum(bn.moving_variance))))

print([repr(float(tf.reduce_sum(v))) for v in model.weights])
