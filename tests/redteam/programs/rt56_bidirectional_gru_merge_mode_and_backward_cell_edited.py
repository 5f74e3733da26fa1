"""A sequence regressor built as a functional model around Bidirectional(GRU(6)) with
merge_mode "sum".  Mid-run the loop edits the wrapper and the two GRU copies it holds:
step 7 `BI.merge_mode = "ave"`, step 12 the backward layer's cell `dropout` 0.0 -> 0.25
(its cell has a SeedGenerator from construction), step 17 `BI.merge_mode = "mul"`, step
22 the forward layer's cell `activation` tanh -> softsign, step 27
`BI.forward_layer.go_backwards = True` (both copies now read the sequence reversed), step 31 `BI.merge_mode = "sum"`.
Probes: attributes of library objects nested two and three levels inside a wrapper
layer (wrapper, its layer copies, their cells), read natively by Keras' RNN code."""
import random

import numpy

random.seed(5637)
numpy.random.seed(5637)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5637)
rng = np.random.default_rng(5637)
XS = rng.normal(size=(96, 5, 3)).astype(np.float32)
YS = (XS[:, :, 0].mean(axis=1, keepdims=True) * 2.0 - XS[:, -1, 2:3]).astype(np.float32)

BI = keras.layers.Bidirectional(keras.layers.GRU(6, dropout=0.0, seed=21), merge_mode="sum")
inp = keras.Input((5, 3))
out = keras.layers.Dense(1)(BI(inp))
MODEL = keras.Model(inp, out)
OPT = keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 7:
        BI.merge_mode = "ave"
    if step == 12:
        BI.backward_layer.cell.dropout = 0.25
    if step == 17:
        BI.merge_mode = "mul"
    if step == 22:
        BI.forward_layer.cell.activation = keras.activations.softsign
    if step == 27:
        BI.forward_layer.go_backwards = True
    if step == 31:
        BI.merge_mode = "sum"
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(BI.forward_layer.cell.kernel.numpy()[0, 0])),
          repr(float(BI.backward_layer.cell.kernel.numpy()[0, 0])))

print(json.dumps({"fwd": [repr(float(v)) for v in BI.forward_layer.cell.kernel.numpy().ravel()[:6]],
                  "bwd": [repr(float(v)) for v in BI.backward_layer.cell.recurrent_kernel.numpy().ravel()[:6]],
                  "out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))
