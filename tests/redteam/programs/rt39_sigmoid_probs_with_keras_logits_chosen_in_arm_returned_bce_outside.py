"""The step computes two heads' probabilities with `keras.activations.sigmoid` (which
hangs the logits on the result as `_keras_logits`), picks one of them on an `if` on a
tensor (head A's or head B's), trains on the picked one with a BinaryCrossentropy (from
probabilities: Keras takes the logits back from the tensor), and returns the picked
probabilities.  Outside the step the loop computes `keras.losses.binary_crossentropy`
of the returned tensor eagerly (which again uses `_keras_logits` when the tensor has
it) and prints whether the attribute is there and whether it is the picked head's
logits (by value).  Probes: Keras' logits attribute on a tensor merged from two arms and
returned to the caller."""
import random

import numpy

random.seed(3922)
numpy.random.seed(3922)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3922)
rng = np.random.default_rng(3922)
XS = rng.normal(size=(96, 5)).astype(np.float32) * 3.0
YS = (XS @ rng.normal(size=(5, 1)) > 0).astype(np.float32)
WA = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 2.0)
WB = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 2.0)
OPT = keras.optimizers.SGD(0.05)
BCE = keras.losses.BinaryCrossentropy()
OFF = [0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
       0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]


def train_step(x, y, off):
    with tf.GradientTape() as tape:
        pa = keras.activations.sigmoid(x @ WA)
        pb = keras.activations.sigmoid(x @ WB)
        if tf.reduce_mean(y) + off > 0.8:
            p = pa
        else:
            p = pb
        loss = BCE(y, p)
    grads = tape.gradient(loss, [WA, WB], unconnected_gradients=tf.UnconnectedGradients.ZERO)
    OPT.apply_gradients(zip(grads, [WA, WB]))
    return loss, p


for step in range(len(OFF)):
    i = (step * 16) % 80
    x, y = tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16])
    loss, p = train_step(x, y, tf.constant(OFF[step]))
    outside = keras.losses.binary_crossentropy(y, p)
    has = hasattr(p, "_keras_logits")
    lg = getattr(p, "_keras_logits", None)
    which = None
    if lg is not None:
        which = "?"
        # logits of the two heads after the update differ from the ones used; compare with sigmoid
        which = bool(np.allclose(keras.activations.sigmoid(lg).numpy(), p.numpy()))
    print(step, repr(float(loss)), repr(float(tf.reduce_sum(outside))), has, which,
          p.numpy()[:2, 0].tolist())

print("WA", WA.numpy().ravel().tolist())
print("WB", WB.numpy().ravel().tolist())
