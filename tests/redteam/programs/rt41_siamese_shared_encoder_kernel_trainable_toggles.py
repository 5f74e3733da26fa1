"""A siamese regression: one shared Dense encoder applied to both inputs of a pair,
then a distance head.  The step differentiates `model.trainable_weights` (read in the
step, so it follows the toggles) and reports len(trainable_weights),
len(non_trainable_weights) and len(weights).  Between steps the loop toggles
`encoder.kernel.trainable` directly on the Keras variable (steps 8-15), freezes the
whole encoder layer (16-23), then unfreezes it but freezes the head's bias variable
alone.  Adam is built up front on all variables.  Probes: Keras variables' own
trainable flag and a shared layer's trainable flag toggled mid-run, the weight lists
read in the step."""
import random

import numpy

random.seed(36)
numpy.random.seed(36)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4129)
rng = np.random.default_rng(4129)
XA = rng.normal(size=(80, 5)).astype(np.float32)
XB = rng.normal(size=(80, 5)).astype(np.float32)
YS = np.abs(XA[:, :2] - XB[:, :2]).sum(axis=1, keepdims=True).astype(np.float32)

encoder = keras.layers.Dense(6, activation="tanh", name="enc")
head = keras.layers.Dense(1, name="head")
ia = keras.Input((5,))
ib = keras.Input((5,))


class AbsDiff(keras.layers.Layer):
    def call(self, a, b):
        return keras.ops.abs(a - b)


dist = AbsDiff()(encoder(ia), encoder(ib))
model = keras.Model([ia, ib], head(dist))
OPT = keras.optimizers.Adam(learning_rate=0.02)
OPT.build(model.trainable_weights)


def train_step(xa, xb, y):
    tw = model.trainable_weights
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model([xa, xb], training=True) - y))
    grads = tape.gradient(loss, tw)
    OPT.apply_gradients(zip(grads, tw))
    return loss, len(tw), len(model.non_trainable_weights), len(model.weights)


for step in range(34):
    if step == 8:
        encoder.kernel.trainable = False
    elif step == 16:
        encoder.kernel.trainable = True
        encoder.trainable = False
    elif step == 24:
        encoder.trainable = True
        head.bias.trainable = False
    i = (step * 8) % 72
    loss, nt, nn, nw = train_step(tf.constant(XA[i:i + 8]), tf.constant(XB[i:i + 8]),
                                  tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), nt, nn, nw, repr(float(tf.reduce_sum(encoder.kernel))),
          repr(float(head.bias.numpy()[0])))

print("vars", [repr(float(tf.reduce_sum(v))) for v in model.weights])
