"""A co-executed vision step (a crc32 of the image bytes picks, in Python, which corner
the "camera shake" pads toward, so the step stays in the interpreter) convolves a
(2, 6, 6, 2) image with a raw 3x3 filter variable via `tf.nn.conv2d` with explicit
paddings, then a Keras Dense head (a site).  Both corner paddings
([[0,0],[2,0],[0,2],[0,0]] and [[0,0],[0,2],[2,0],[0,0]]) and the centred
[[0,0],[1,1],[1,1],[0,0]] give the same output shape; only the Conv2D op's
`explicit_paddings` attribute differs, and Conv2DBackpropInput/Filter use it.  What
changes mid-run: for steps 0-9 the padding is centred; from step 10 the shake is on.
Probes: the deferred walk's chunk keys for a list attribute whose values change while
shapes and op types do not."""
import random

import numpy

random.seed(4638)
numpy.random.seed(4638)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4638)
rng = np.random.default_rng(4638)
IMGS = rng.normal(size=(40, 2, 6, 6, 2)).astype(np.float32)
YS = rng.normal(size=(40, 2, 3)).astype(np.float32)
FILT = tf.Variable(rng.normal(size=(3, 3, 2, 4)).astype(np.float32) * 0.3)
HEAD = keras.layers.Dense(3)
HEAD(np.zeros((1, 144), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.02)
STATE = {"shake": False}
CENTRE = [[0, 0], [1, 1], [1, 1], [0, 0]]
CORNERS = [[[0, 0], [2, 0], [0, 2], [0, 0]], [[0, 0], [0, 2], [2, 0], [0, 0]]]


def train_step(img, y):
    pads = CORNERS[zlib.crc32(img.numpy().tobytes()) % 2] if STATE["shake"] else CENTRE
    with tf.GradientTape() as tape:
        tape.watch(img)
        fmap = tf.nn.relu(tf.nn.conv2d(img, FILT, strides=1, padding=pads))
        loss = tf.reduce_mean(tf.square(HEAD(tf.reshape(fmap, (2, 144))) - y))
    sources = [img, FILT] + HEAD.trainable_variables
    grads = tape.gradient(loss, sources)
    OPT.apply_gradients(zip(grads[1:], sources[1:]))
    return loss, grads, pads


for step in range(30):
    if step == 10:
        STATE["shake"] = True
    loss, grads, pads = train_step(tf.constant(IMGS[step % 40]), tf.constant(YS[step % 40]))
    print(step, pads[1] + pads[2], repr(float(loss)), repr(float(grads[0][0, 0, 0, 1])),
          repr(float(grads[0][1, 5, 5, 0])), repr(float(grads[1][0, 2, 1, 3])), repr(float(grads[2][100, 2])))

print(json.dumps({"filt": [repr(float(v)) for v in FILT.numpy().ravel()[::3]]}))
