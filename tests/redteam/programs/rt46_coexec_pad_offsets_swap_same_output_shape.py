"""A co-executed image step (a crc32 of the image bytes picks, in Python, one of two
"jitter" directions, so the step stays in the interpreter) pads a Keras decoder's
(1, 6, 6, 2) feature map to (1, 8, 8, 2) with `tf.pad` and compares it with a target;
the jitter decides where the padding goes.  All jitters give the same input and output
shapes; only the paddings operand's values differ, and TF's Pad gradient slices the
upstream gradient at those offsets.  What changes mid-run: for steps 0-9 the paddings
are always [[0,0],[1,1],[1,1],[0,0]] (centred); from step 10 the jitter is applied,
moving the map to one of the corners ([[0,0],[2,0],[0,2],[0,0]] or
[[0,0],[0,2],[2,0],[0,0]]).  Probes: the deferred walk's chunk keys for a paddings
operand whose values change while shapes and op types do not."""
import random

import numpy

random.seed(4630)
numpy.random.seed(4630)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4630)
rng = np.random.default_rng(4630)
ZS = rng.normal(size=(40, 1, 5)).astype(np.float32)
TARGETS = rng.normal(size=(40, 1, 8, 8, 2)).astype(np.float32)
DEC = keras.layers.Dense(72, activation="tanh")
DEC(ZS[0])
OPT = keras.optimizers.SGD(learning_rate=0.1)
STATE = {"jitter": False}
CENTRE = [[0, 0], [1, 1], [1, 1], [0, 0]]
CORNERS = [[[0, 0], [2, 0], [0, 2], [0, 0]], [[0, 0], [0, 2], [2, 0], [0, 0]]]


def train_step(z, target):
    if STATE["jitter"]:
        pads = CORNERS[zlib.crc32(target.numpy().tobytes()) % 2]
    else:
        pads = CENTRE
    with tf.GradientTape() as tape:
        fmap = tf.reshape(DEC(z), (1, 6, 6, 2))
        padded = tf.pad(fmap, pads)
        loss = tf.reduce_mean(tf.square(padded - target))
    grads = tape.gradient(loss, DEC.trainable_variables)
    OPT.apply_gradients(zip(grads, DEC.trainable_variables))
    return loss, grads, pads


for step in range(30):
    if step == 10:
        STATE["jitter"] = True
    loss, grads, pads = train_step(tf.constant(ZS[step % 40]), tf.constant(TARGETS[step % 40]))
    gk = grads[0].numpy()
    print(step, pads[1] + pads[2], repr(float(loss)), repr(float(gk[0, 0])), repr(float(gk[2, 13])),
          repr(float(gk[4, 71])), repr(float(grads[1][40])))

print(json.dumps({"k": [repr(float(v)) for v in DEC.kernel.numpy().ravel()[::11]]}))
