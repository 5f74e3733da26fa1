"""A sequence regressor (LSTM(8) -> Dense) trained with the step calling the model with
training=True.  Mid-run the loop edits the recurrent layer the way a fine-tuning script
pokes at it: step 8 raises `LSTM.cell.dropout` 0.1 -> 0.3, step 13 raises the recurrent
dropout (`cell.recurrent_dropout` 0.1 -> 0.25; the cell keeps implementation 1 and its
4-mask layout), step 18 sets `LSTM.go_backwards = True`, step 23 swaps
`cell.recurrent_activation` to hard_sigmoid, step 28 sets `cell.dropout = 0.0`.  The
cell caches its dropout masks on itself during a call (`_dropout_mask`) and draws them
from its SeedGenerator.  Probes: attributes of an RNN cell nested in a layer, read
inside Keras' RNN loop, edited between converted calls; seeded dropout masks."""
import random

import numpy

random.seed(5624)
numpy.random.seed(5624)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5624)
rng = np.random.default_rng(5624)
XS = rng.normal(size=(96, 6, 3)).astype(np.float32)
YS = (XS[:, :, 0].cumsum(axis=1)[:, -1:] * 0.3 - XS[:, 0, 1:2]).astype(np.float32)

RNN = keras.layers.LSTM(8, dropout=0.1, recurrent_dropout=0.1, seed=3)
MODEL = keras.Sequential([keras.Input((6, 3)), RNN, keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 8:
        RNN.cell.dropout = 0.3
    if step == 13:
        RNN.cell.recurrent_dropout = 0.25
    if step == 18:
        RNN.go_backwards = True
    if step == 23:
        RNN.cell.recurrent_activation = keras.activations.hard_sigmoid
    if step == 28:
        RNN.cell.dropout = 0.0
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(RNN.cell.kernel.numpy()[0, 0])))

print(json.dumps({"k": [repr(float(v)) for v in RNN.cell.kernel.numpy().ravel()[:6]],
                  "rk": [repr(float(v)) for v in RNN.cell.recurrent_kernel.numpy().ravel()[:6]],
                  "out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))
