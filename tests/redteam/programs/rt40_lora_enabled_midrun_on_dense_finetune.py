"""Fine-tuning with LoRA switched on mid-run: a Keras Sequential of two Dense layers is
trained with a custom tape loop and Adam over `model.trainable_variables`; at step 12 the
loop calls `model.layers[0].enable_lora(2)` (Keras makes two new LoRA variables and
freezes the kernel) and at step 22 `model.layers[1].enable_lora(1)`; each time a new
Adam replaces the global optimizer, as Keras asks.  The step reads
`model.trainable_variables` each call and prints how many there are; the loop prints
losses and the frozen kernel's sum.  Probes: a Keras layer's LoRA switch flipped between
steps (new variables, a kernel property that now adds a low-rank product, a changed
trainable list), with a Keras optimizer that has to build its slots for them."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4019)
rng = np.random.default_rng(4019)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (np.tanh(XS[:, :2] @ np.array([[0.6], [-0.4]], np.float32))).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y):
    tv = model.trainable_variables
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, tv)
    OPT.apply_gradients(zip(grads, tv))
    return loss, len(tv)


for step in range(32):
    if step == 12:
        model.layers[0].enable_lora(2)
        OPT = keras.optimizers.Adam(learning_rate=0.01)
    if step == 22:
        model.layers[1].enable_lora(1)
        OPT = keras.optimizers.Adam(learning_rate=0.005)
    i = (step * 8) % 96
    loss, ntv = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), ntv, repr(float(tf.reduce_sum(model.layers[0]._kernel))),
          repr(float(tf.reduce_sum(model.layers[0].kernel))))

print([repr(float(tf.reduce_sum(v))) for v in model.weights])
