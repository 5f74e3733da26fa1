"""The forward step opens a persistent GradientTape, computes the loss and returns both
the tape and the loss without differentiating; the caller (the loop, outside the hot
function) asks the returned tape for the gradients and applies them, then drops the tape.
Every fourth call the caller asks a second gradient of an auxiliary output the step also
returned.  Probes: a tape object made in a converted function that escapes to the caller,
whose recorded ops the caller differentiates."""
import random

import numpy

random.seed(3932)
numpy.random.seed(3932)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3932)
rng = np.random.default_rng(3932)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(0.05)


def forward(x, y):
    with tf.GradientTape(persistent=True) as tape:
        h = tf.tanh(x @ W1)
        out = h @ W2
        loss = tf.reduce_mean(tf.square(out - y))
        aux = tf.reduce_mean(tf.square(h))
    return tape, loss, aux


for step in range(26):
    i = (step * 8) % 56
    tape, loss, aux = forward(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    grads = tape.gradient(loss, [W1, W2])
    extra = None
    if step % 4 == 3:
        ga = tape.gradient(aux, [W1])[0]
        extra = repr(float(tf.norm(ga)))
    del tape
    OPT.apply_gradients(zip(grads, [W1, W2]))
    print(step, repr(float(loss)), repr(float(aux)), repr(float(tf.linalg.global_norm(grads))), extra)

print("W1", W1.numpy().ravel().tolist())
print("W2", W2.numpy().ravel().tolist())
