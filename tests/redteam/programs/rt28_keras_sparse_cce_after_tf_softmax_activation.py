"""A Keras classifier ends in keras.layers.Activation(tf.nn.softmax) (TF's softmax, which
hangs no `_keras_logits` on its output), and the step computes
keras.losses.SparseCategoricalCrossentropy() on the model's probabilities.  Keras' TF
backend asks the output tensor for its op: a graph tensor made by a Softmax op is
replaced by the op's input and the loss is taken from logits; an eager tensor's
probabilities are clipped by epsilon and logged.  At step 15 the fine-tuning code sets
the loss object's ignore_class to 2 (examples of class 2 dropped).  Probes: library
code that inspects the graph (output.op.type) inside a Keras model's loss."""
import random

import numpy

random.seed(2835)
numpy.random.seed(2835)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2835)
rng = np.random.default_rng(2835)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = (np.abs(XS[:, :3]).argmax(axis=1)).astype(np.int32)
MODEL = keras.Sequential([
    keras.Input((6,)),
    keras.layers.Dense(16, activation="tanh"),
    keras.layers.Dense(3),
    keras.layers.Activation(tf.nn.softmax),
])
LOSS = keras.losses.SparseCategoricalCrossentropy()
OPT = keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        probs = MODEL(x, training=True)
        loss = LOSS(y, probs)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 15:
        LOSS.ignore_class = 2
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "k": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
}))
