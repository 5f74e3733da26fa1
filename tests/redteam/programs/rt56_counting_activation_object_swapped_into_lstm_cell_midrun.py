"""An LSTM regressor whose cell activation is swapped mid-run for a program object with
state: `CountingTanh`, whose `__call__` counts its calls (`self.calls += 1`) and scales
by its `gain` attribute.  Keras calls the cell's activation twice per time step inside
its RNN loop (six steps per sequence), so eagerly the counter grows by 12 per training
call.  Step 9 swaps it in (`RNN.cell.activation = ACT`), step 15 sets `ACT.gain = 0.5`,
step 21 resets `ACT.calls = 0`, step 26 swaps in a second counter object, step 30 puts
keras' tanh back.  The loop prints the counters after every step.  Probes: program code
with writes that library code calls back a number of times per call, inside an RNN
loop, swapped and edited between converted calls."""
import random

import numpy

random.seed(5644)
numpy.random.seed(5644)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5644)
rng = np.random.default_rng(5644)
XS = rng.normal(size=(96, 6, 3)).astype(np.float32)
YS = (XS[:, :, 1].sum(axis=1, keepdims=True) * 0.3 + XS[:, -1, 0:1]).astype(np.float32)


class CountingTanh:
    def __init__(self, gain):
        self.gain = gain
        self.calls = 0

    def __call__(self, x):
        self.calls += 1
        return tf.tanh(x) * self.gain


RNN = keras.layers.LSTM(8)
MODEL = keras.Sequential([keras.Input((6, 3)), RNN, keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
ACT = CountingTanh(1.0)
ACT2 = CountingTanh(0.8)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 9:
        RNN.cell.activation = ACT
    if step == 15:
        ACT.gain = 0.5
    if step == 21:
        ACT.calls = 0
    if step == 26:
        RNN.cell.activation = ACT2
    if step == 30:
        RNN.cell.activation = keras.activations.tanh
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), ACT.calls, ACT2.calls,
          repr(float(RNN.cell.kernel.numpy()[0, 0])))

print(json.dumps({"k": [repr(float(v)) for v in RNN.cell.kernel.numpy().ravel()[:6]],
                  "out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
                  "calls": [ACT.calls, ACT2.calls]}))
