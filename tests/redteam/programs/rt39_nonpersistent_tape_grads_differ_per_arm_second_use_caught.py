"""A non-persistent tape records a main loss and an auxiliary loss.  After the `with`
block an `if` on a tensor score takes the gradient of the main loss on one arm and of
the auxiliary loss on the other; on the first arm the step then tries a second
gradient from the same tape, which eagerly raises RuntimeError ("A non-persistent
GradientTape can only be used to compute one set of gradients"); it is caught, counted
in an attribute, and the caught message's first word is compared.  The chosen gradients
are applied after the branch.  Probes: one-use tapes used in both arms of a branch on a
tensor, and a second use on one path caught inside the arm."""
import random

import numpy

random.seed(395)
numpy.random.seed(395)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(395)
rng = np.random.default_rng(395)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
BIAS = [0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
        0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]


class Counters:
    caught = 0
    main = 0
    aux = 0


C = Counters()


def train_step(x, y, b):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        out = h @ W2
        loss = tf.reduce_mean(tf.square(out - y))
        aux = tf.reduce_mean(tf.abs(h)) * 0.1 + tf.reduce_mean(tf.abs(out)) * 0.05
        mix = aux + loss * 0.5
    if loss + b > 0.9:
        grads = tape.gradient(loss, [W1, W2])
        C.main += 1
        try:
            again = tape.gradient(aux, [W1, W2])
            C.caught -= 100
        except RuntimeError:
            C.caught += 1
    else:
        grads = tape.gradient(mix, [W1, W2])
        C.aux += 1
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, aux


for step in range(len(BIAS)):
    i = (step * 8) % 56
    loss, aux = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                           tf.constant(BIAS[step]))
    print(step, repr(float(loss)), repr(float(aux)), C.main, C.aux, C.caught)

print("W1", W1.numpy().ravel().tolist())
print("W2", W2.numpy().ravel().tolist())
print("C", vars(C), Counters.caught, int(OPT.iterations))
