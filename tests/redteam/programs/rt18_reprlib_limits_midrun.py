"""Probes: reprlib.repr in the step, with reprlib.aRepr's limits changed mid-run.

reprlib.repr (standard library, pure Python) abbreviates long containers for logs; its
limits are attributes of the module-level Repr instance reprlib.aRepr (maxlist,
maxstring, maxlevel).  The step logs the names of the layers it trains as
reprlib.repr(NAMES) and stores the text.  Nothing the step names changes: at step 12
the loop sets reprlib.aRepr.maxlist = 3 and at step 20 reprlib.aRepr.maxstring = 9.
The contract watches TF's and Keras' module dicts and objects; a standard-library
object's attributes read by standard-library code at build time are another matter.
Eager formats the text at every call with the current limits."""
import json
import reprlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1824)
rng = np.random.default_rng(1824)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.05)

NAMES = ["encoder_block_one", "encoder_block_two", "bottleneck_projection",
         "decoder_block_one", "decoder_block_two", "regression_head"]


class Log:
    text = ""


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    text = reprlib.repr(NAMES)
    print("  training", text)
    Log.text = text
    return loss


for step in range(30):
    if step == 12:
        reprlib.aRepr.maxlist = 3
    if step == 20:
        reprlib.aRepr.maxstring = 9
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(Log.text))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "text": Log.text,
}))
