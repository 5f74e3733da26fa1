"""An Embedding model with an extra head that the loss ignores until step 8, so its grads
are None; Keras' optimizer filters None grads and warns ("Gradients do not exist for
variables ...") through warnings.warn at each call.  The program sets the 'always' filter
and records warnings with its own warnings.showwarning; the step prints the count.  The
embedding's grads are IndexedSlices with duplicate ids.  Probes: Python warnings raised
by Keras inside apply_gradients, per call, in a converted step."""
import random

import numpy

random.seed(35)
numpy.random.seed(35)

import json
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3535)
rng = np.random.default_rng(3535)
IDS = rng.integers(0, 11, size=(200, 3)).astype(np.int32)
IDS[:, 1] = IDS[:, 0]
YS = rng.normal(size=(200, 1)).astype(np.float32)
EMB = keras.layers.Embedding(11, 4)
HEAD = keras.layers.Dense(1)
AUX = keras.layers.Dense(1)
EMB.build((None, 3))
HEAD.build((None, 4))
AUX.build((None, 4))
VARS = EMB.trainable_variables + HEAD.trainable_variables + AUX.trainable_variables
OPT = keras.optimizers.Adam(learning_rate=0.02)
OPT.build(VARS)
SEEN = []
warnings.simplefilter("always")


def show(message, category, filename, lineno, file=None, line=None):
    SEEN.append(category.__name__ + ":" + str(message)[:40])


warnings.showwarning = show
USE_AUX = False


def train_step(ids, y):
    with tf.GradientTape() as tape:
        h = tf.reduce_mean(EMB(ids), 1)
        loss = tf.reduce_mean(tf.square(HEAD(h) - y))
        if USE_AUX:
            loss = loss + 0.1 * tf.reduce_mean(tf.square(AUX(h)))
    grads = tape.gradient(loss, VARS)
    OPT.apply_gradients(zip(grads, VARS))
    return loss


for step in range(30):
    if step == 8:
        USE_AUX = True
    i = (step * 6) % 190
    loss = train_step(tf.constant(IDS[i:i + 6]), tf.constant(YS[i:i + 6]))
    print(step, repr(float(loss)), len(SEEN))

print(json.dumps({
    "w": [[repr(float(x)) for x in v.numpy().ravel()[:12]] for v in VARS],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "seen": SEEN[:3],
}))
