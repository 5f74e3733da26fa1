"""Probes: str.encode() with a codec name whose registration changes mid-run.

janus runs "C methods of str and other immutable values (name.upper(), ...) at build
time on guarded arguments".  str.encode's result depends on more than its arguments:
the interpreter's codec registry (codecs.register / codecs.unregister, whose lookup
cache lives in interpreter state, not in a module dict janus could watch).  The step
sizes a wire-format header with len(HEADER.encode("wire")) and scales its loss by
it (bytes per header = a bandwidth cost).  The loop's search function maps "wire" to
utf-16-le at first; at step 12 it unregisters it (which clears the lookup cache) and
registers one mapping "wire" to utf-8, and at step 22 one mapping it to utf-32-le.
HEADER and the codec name never change."""
import codecs
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1823)
rng = np.random.default_rng(1823)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.05)

HEADER = "\u03bb-step"


def make_search(target):
    def search(name):
        if name == "wire":
            info = codecs.lookup(target)
            return codecs.CodecInfo(info.encode, info.decode, name="wire")
        return None
    return search


SEARCH = make_search("utf-16-le")
codecs.register(SEARCH)


def train_step(x, y):
    nbytes = len(HEADER.encode("wire"))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (8.0 / nbytes)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, nbytes


for step in range(30):
    if step in (12, 22):
        codecs.unregister(SEARCH)
        SEARCH = make_search("utf-8" if step == 12 else "utf-32-le")
        codecs.register(SEARCH)
    i = (step * 8) % 56
    loss, nbytes = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), "header bytes", nbytes)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "final_header_bytes": nbytes,
}))
