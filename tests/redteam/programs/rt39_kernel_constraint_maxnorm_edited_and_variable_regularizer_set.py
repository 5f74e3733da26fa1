"""A Dense layer built with `kernel_constraint=MaxNorm(2.0)`; Keras' optimizer applies
the variable's constraint after each update.  From outside the step the loop edits the
constraint object in place (`max_value` 2.0 -> 0.4 at call 8), replaces the kernel
variable's constraint with NonNeg at call 16 (`kernel.constraint = ...`), and at call 22
gives the second layer's kernel variable a regularizer (`variable.regularizer =
L2(0.05)`), which Keras' `layer.losses` reads; the step adds `sum(MODEL.losses)` to the
loss.  At call 28 the layer attribute `kernel_regularizer` is set too (eagerly it no
longer changes the losses).  Probes: constraint and regularizer objects held by Keras
variables, edited or replaced mid-run."""
import random

import numpy

random.seed(3917)
numpy.random.seed(3917)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3917)
rng = np.random.default_rng(3917)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = np.sin(2.0 * XS @ rng.normal(size=(5, 1))).astype(np.float32)
D1 = keras.layers.Dense(8, activation="tanh", kernel_constraint=keras.constraints.MaxNorm(2.0))
D2 = keras.layers.Dense(1)
MODEL = keras.Sequential([keras.Input((5,)), D1, D2])
OPT = keras.optimizers.Adam(learning_rate=0.05)
LOSS = keras.losses.MeanSquaredError()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(y, MODEL(x, training=True))
        reg = sum(MODEL.losses) if MODEL.losses else 0.0
        total = loss + reg
    grads = tape.gradient(total, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, total


for step in range(34):
    if step == 8:
        D1.kernel_constraint.max_value = 0.4
    if step == 16:
        D1.kernel.constraint = keras.constraints.NonNeg()
    if step == 22:
        D2.kernel.regularizer = keras.regularizers.L2(0.05)
    if step == 28:
        D1.kernel_regularizer = keras.regularizers.L1(0.5)
    i = (step * 16) % 80
    loss, total = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    k = D1.kernel.numpy()
    print(step, repr(float(loss)), repr(float(total)), len(MODEL.losses),
          repr(float(np.sqrt((k ** 2).sum(axis=0)).max())), repr(float(k.min())))

for v in MODEL.weights:
    print(v.path, v.numpy().ravel()[:6].tolist())
print("constraint", type(D1.kernel.constraint).__name__, D1.kernel_constraint.max_value)
