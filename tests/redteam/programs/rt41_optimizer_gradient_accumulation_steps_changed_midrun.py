"""Gradient accumulation through Keras 3's own mechanism: an Adam built with
gradient_accumulation_steps=3 (Keras keeps accumulators and applies the averaged
update every third call, deciding with ops.cond on its iteration counter).  Mid-run
the loop changes `gradient_accumulation_steps` to 2, changes the learning rate, and
then to 4.  The step returns the loss; the loop prints the loss, the iteration
counter, a weight sum and an accumulator sum after every call.  Probes: optimizer
code that branches on its own counter inside the step, its configuration changed
between steps."""
import random

import numpy

random.seed(54)
numpy.random.seed(54)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4146)
rng = np.random.default_rng(4146)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) * 0.4).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.02, gradient_accumulation_steps=3)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(40):
    if step == 13:
        OPT.gradient_accumulation_steps = 2
    elif step == 20:
        OPT.learning_rate = 0.005
    elif step == 27:
        OPT.gradient_accumulation_steps = 4
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    acc = sum(float(tf.reduce_sum(a)) for a in OPT._accumulated_gradients)
    print(step, repr(float(loss)), int(OPT.iterations.numpy()),
          repr(float(tf.reduce_sum(model.layers[0].kernel))), repr(acc))

print("vars", [repr(float(tf.reduce_sum(v))) for v in model.trainable_variables])
