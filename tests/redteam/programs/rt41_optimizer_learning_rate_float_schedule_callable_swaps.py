"""Manual LR control the way notebooks do it: the loop sets `opt.learning_rate` between
steps to a float (assigned into its learning-rate variable), to a LearningRateSchedule
(ExponentialDecay), to a plain callable reading a global list the loop edits in place,
and to a PiecewiseConstantDecay.  The step reads `opt.learning_rate` (which
evaluates the schedule or callable at the current iteration) and returns it.  The loop
prints the loss, the lr the step saw, len(opt.variables) and the iteration count.
Probes: optimizer learning_rate replaced by objects of different kinds mid-run."""
import random

import numpy

random.seed(25)
numpy.random.seed(25)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4118)
rng = np.random.default_rng(4118)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (np.tanh(XS[:, :2].sum(axis=1, keepdims=True))).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
LRS = [0.02]


def lr_fn():
    return LRS[0] * 0.5


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss, OPT.learning_rate


for step in range(40):
    if step == 6:
        OPT.learning_rate = 0.005
    elif step == 12:
        OPT.learning_rate = keras.optimizers.schedules.ExponentialDecay(0.03, 4, 0.7)
    elif step == 20:
        OPT.learning_rate = lr_fn
    elif step == 24:
        LRS[0] = 0.002
    elif step == 30:
        OPT.learning_rate = keras.optimizers.schedules.PiecewiseConstantDecay([33, 36], [0.01, 0.004, 0.001])
    i = (step * 8) % 72
    loss, lr = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(lr)), len(OPT.variables), int(OPT.iterations.numpy()))

print("vars", [repr(float(tf.reduce_sum(v))) for v in model.trainable_variables])
