"""Two draws from Python's global generator per step: first inside a host callback,
noise = tf.numpy_function(draw_scale, [x], tf.float32, stateful=False) where
draw_scale draws random.random() when the program's flag CALLBACK_DRAWS is set (read
by the callback itself), then in the step, jitter = random.random().  In eager the
callback's draw comes first.  Until step 15 the flag is off (the callback returns
1.0); at step 15 the loop turns it on.  Both values enter the loss; the loop prints
them.  Probes: the order of draws from one generator made by the step and by a host
callback it calls."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2750)
numpy.random.seed(2750)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27501)
rng = np.random.default_rng(27501)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
CALLBACK_DRAWS = False


def draw_scale(_):
    if CALLBACK_DRAWS:
        return np.float32(0.9 + 0.2 * random.random())
    return np.float32(1.0)


def train_step(x, y):
    noise = tf.numpy_function(draw_scale, [x], tf.float32, stateful=False)
    jitter = random.random()
    with tf.GradientTape() as tape:
        h = tf.tanh((x * noise + 0.01 * jitter) @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss, noise, jitter


for step in range(30):
    if step == 15:
        CALLBACK_DRAWS = True
    i = (step * 8) % 56
    loss, noise, jitter = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(noise)), repr(jitter))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "next": random.random(),
}))
