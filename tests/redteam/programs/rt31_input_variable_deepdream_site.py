"""Feature visualisation: the input itself is a tf.Variable `img` that the step
optimises; the frozen model is called directly on the variable (model(img)) under
the tape, the activation loss is maximised with Adam applying [(grad, img)]
(a raw tf.Variable, given as a list of one pair), and a Mean metric logs the
activation.  The co-executed step hashes the clipped image with zlib.crc32.  The
loop also assigns img by hand at step 10 (jitter) and at step 18 changes which
unit is maximised (a Python global).  Probes: a model site whose argument is a
variable the program and the optimizer site update between calls."""
import random

import numpy

random.seed(53)
numpy.random.seed(53)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5301)
rng = np.random.default_rng(5301)
model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(4)])
model.trainable = False
img = tf.Variable(rng.normal(size=(2, 6)).astype(np.float32) * 0.1)
opt = keras.optimizers.Adam(0.05)
act_log = keras.metrics.Mean()
UNIT = 1
crcs = []


def dream_step():
    with tf.GradientTape() as tape:
        out = model(img)
        act = tf.reduce_mean(out[:, UNIT]) - 0.01 * tf.reduce_sum(tf.square(img))
        loss = -act
    g = tape.gradient(loss, img)
    opt.apply_gradients([(g, img)])
    img.assign(tf.clip_by_value(img, -2.0, 2.0))
    crcs.append(zlib.crc32(img.numpy().tobytes()) % 10000)
    act_log(act)
    return act


for step in range(30):
    if step == 10:
        img.assign_add(tf.constant(rng.normal(size=(2, 6)).astype(np.float32) * 0.05))
    if step == 18:
        UNIT = 3
    act = dream_step()
    print(step, repr(float(act)), repr(float(img[0, 0])), repr(float(act_log.result())))

print(json.dumps({
    "img": img.numpy().tolist(),
    "opt": [v.numpy().tolist() for v in opt.variables],
    "crcs": crcs[-3:],
}))
