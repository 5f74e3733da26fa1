"""Two optimizers on two halves of a model, reconfigured mid-run: an SGD built with
momentum 0.9 for the first layer (the loop lowers momentum to 0.5, switches nesterov
on, then sets weight_decay from None to 0.01) and an AdamW for the second (the loop
changes beta_1 to 0.5, epsilon to 1e-3, weight_decay to 0.0, and sets
loss_scale_factor 4.0 with the step scaling its loss by `opt2.scale_loss`).  Probes:
optimizer hyper-parameters changed after the slots are built, weight decay switched
on mid-run, the optimizer's loss scaling."""
import random

import numpy

random.seed(42)
numpy.random.seed(42)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4134)
rng = np.random.default_rng(4134)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (np.tanh(XS @ rng.normal(size=(5, 1)))).astype(np.float32)
d1 = keras.layers.Dense(8, activation="tanh")
d2 = keras.layers.Dense(1)
model = keras.Sequential([keras.Input((5,)), d1, d2])
OPT1 = keras.optimizers.SGD(learning_rate=0.05, momentum=0.9)
OPT2 = keras.optimizers.AdamW(learning_rate=0.01, weight_decay=0.004)


def train_step(x, y):
    v1 = d1.trainable_variables
    v2 = d2.trainable_variables
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
        scaled = OPT2.scale_loss(loss)
    grads = tape.gradient(scaled, v1 + v2)
    OPT1.apply_gradients(zip(grads[:2], v1))
    OPT2.apply_gradients(zip(grads[2:], v2))
    return loss, scaled


for step in range(44):
    if step == 6:
        OPT1.momentum = 0.5
    elif step == 11:
        OPT1.nesterov = True
    elif step == 16:
        OPT1.weight_decay = 0.01
    elif step == 21:
        OPT2.beta_1 = 0.5
    elif step == 26:
        OPT2.epsilon = 1e-3
    elif step == 31:
        OPT2.weight_decay = 0.0
    elif step == 36:
        OPT2.loss_scale_factor = 4.0
    i = (step * 8) % 72
    loss, scaled = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(scaled)), repr(float(tf.reduce_sum(d1.kernel))),
          repr(float(tf.reduce_sum(d2.kernel))))

print("opt1", [repr(float(tf.reduce_sum(v))) for v in OPT1.variables])
print("opt2", [repr(float(tf.reduce_sum(v))) for v in OPT2.variables])
