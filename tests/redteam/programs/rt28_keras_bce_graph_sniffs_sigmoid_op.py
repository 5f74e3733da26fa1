"""The step computes probabilities with tf.sigmoid and hands them to Keras'
binary_crossentropy (and, from step 15, when the loop switches HEAD to "softmax", a
2-class softmax to categorical_crossentropy).  Keras' TF backend asks the tensor what
made it: for a graph tensor whose op type is Sigmoid (Softmax) it takes op.inputs[0] as
logits and computes the loss from logits; for an eager tensor it clips the
probabilities with epsilon and takes their log.  The two differ in the last bits (and
much more for saturated outputs).  Probes: library code that inspects the graph
(output.op.type) and so computes other numbers in a graph than eagerly."""
import random

import numpy

random.seed(2833)
numpy.random.seed(2833)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2833)
rng = np.random.default_rng(2833)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS.sum(axis=1, keepdims=True) > 0).astype(np.float32)
YS2 = np.concatenate([YS, 1.0 - YS], axis=1)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 1.5)
W2 = tf.Variable(rng.normal(size=(8, 2)).astype(np.float32) * 3.0)
OPT = keras.optimizers.SGD(learning_rate=0.05)
HEAD = "sigmoid"


def train_step(x, y, y2):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        z = h @ W2
        if HEAD == "sigmoid":
            p = tf.sigmoid(z[:, :1])
            loss = tf.reduce_mean(keras.losses.binary_crossentropy(y, p))
        else:
            p = tf.nn.softmax(z)
            loss = tf.reduce_mean(keras.losses.categorical_crossentropy(y2, p))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 15:
        HEAD = "softmax"
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(YS2[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
