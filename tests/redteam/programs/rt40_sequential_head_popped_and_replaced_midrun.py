"""Transfer-learning style head swap: a Keras Sequential backbone+head is trained with a
custom tape loop over `model.trainable_variables` and SGD.  At step 11 the loop calls
`model.pop()` and `model.add(keras.layers.Dense(1, activation="sigmoid"))` (a new head,
built on first call), at step 20 it pops again and adds a head with two stacked Dense
layers wrapped in a nested Sequential; each swap makes a new SGD, as Keras asks.  The step also prints `len(model.layers)` and the
last layer's name.  Probes: a layer swapped in a Sequential between steps (the model's
layer list and its functional graph rebuilt) under a converted step."""
import random

import numpy

random.seed(60)
numpy.random.seed(60)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4021)
rng = np.random.default_rng(4021)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] + XS[:, 1:2] > 0).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.1)


def train_step(x, y):
    tv = model.trainable_variables
    with tf.GradientTape() as tape:
        p = model(x)
        loss = tf.reduce_mean(tf.square(p - y))
    grads = tape.gradient(loss, tv)
    OPT.apply_gradients(zip(grads, tv))
    return loss, len(model.layers), model.layers[-1].name


for step in range(32):
    if step == 11:
        model.pop()
        model.add(keras.layers.Dense(1, activation="sigmoid", name="head_sig"))
        OPT = keras.optimizers.SGD(learning_rate=0.2)
    if step == 20:
        model.pop()
        model.add(keras.Sequential([keras.layers.Dense(3, activation="tanh"), keras.layers.Dense(1)],
                                   name="head_two"))
        OPT = keras.optimizers.SGD(learning_rate=0.05)
    i = (step * 8) % 96
    loss, nl, last = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), nl, last, len(model.trainable_variables))

print([repr(float(tf.reduce_sum(v))) for v in model.weights])
