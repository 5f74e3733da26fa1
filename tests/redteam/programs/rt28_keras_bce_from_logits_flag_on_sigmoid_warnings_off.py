"""The program silences warnings (warnings.simplefilter("ignore"), as many training scripts
do) and, by a common mistake, passes sigmoid probabilities to
keras.losses.binary_crossentropy(..., from_logits=True).  Eager treats the probabilities
as logits.  Keras' TF backend, given a graph tensor whose op type is Sigmoid, takes
op.inputs[0] (the true logits) instead and only warns, and the warning is ignored.  At
step 15 the loop fixes the flag (FROM_LOGITS = False).  Probes: library code that
inspects the graph and changes what it computes, with its warning filtered out."""
import random

import numpy

random.seed(2843)
numpy.random.seed(2843)

import json
import warnings

import keras
import numpy as np
import tensorflow as tf

warnings.simplefilter("ignore")
keras.utils.set_random_seed(2843)
rng = np.random.default_rng(2843)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS.sum(axis=1, keepdims=True) > 0).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 1.0)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 1.0)
OPT = keras.optimizers.SGD(learning_rate=0.1)
FROM_LOGITS = True


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        p = tf.sigmoid(h @ W2)
        loss = tf.reduce_mean(keras.losses.binary_crossentropy(y, p, from_logits=FROM_LOGITS))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 15:
        FROM_LOGITS = False
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
