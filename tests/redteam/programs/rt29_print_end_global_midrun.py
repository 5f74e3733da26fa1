"""The step prints with print('loss', repr(float(loss)), end=END, sep=SEP), END and SEP
globals; at step 15 the loop changes END to ' ;\n' and SEP to '='.  Probes: print's
end/sep keywords from globals that change between calls."""
import random

import numpy

random.seed(2929)
numpy.random.seed(2929)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2929)
rng = np.random.default_rng(2929)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
END = '\n'
SEP = ' '


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    print("loss", repr(float(loss)), end=END, sep=SEP)
    return loss


for step in range(30):
    if step == 15:
        END = ' ;\n'
        SEP = '='
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
