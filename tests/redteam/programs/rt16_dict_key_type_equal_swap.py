"""Per-class loss weights CLASS_W are edited in place by the loop the way real code
rebuilds them from other sources: at step 8 the keys become numpy ints (from np.unique),
at step 16 the values become np.float64 (from a numpy computation), at step 22 the keys
become floats, at step 27 back to Python ints.  Every key compares and hashes equal to
the old one (0 == np.int64(0) == 0.0), and np.float64 is a float subclass equal to the
old value, so the dict has the same keys and "equal" values throughout.  The step builds
its weight vector from the dict and prints repr(key)/repr(value) of the first item and
the key/value type names.  A guard that compared keys or values by == would keep a graph
built for the old objects: the printed reprs and type names would be stale.  Probes:
exact typing of dict keys and values in entry guards."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1616)
rng = np.random.default_rng(1616)

N = 3
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = rng.integers(0, N, size=(96,)).astype(np.int32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(N)])
OPT = keras.optimizers.Adam(learning_rate=0.02)
CLASS_W = {0: 1.0, 1: 2.0, 2: 0.5}


def train_step(x, y):
    keys = list(CLASS_W)
    wvec = tf.constant([CLASS_W[k] for k in sorted(CLASS_W)], tf.float32)
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        per = tf.keras.losses.sparse_categorical_crossentropy(y, logits, from_logits=True)
        loss = tf.reduce_mean(per * tf.gather(wvec, y))
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    k0 = keys[0]
    print(f"first {k0!r}: {CLASS_W[k0]!r} key type {type(k0).__name__} value type {type(CLASS_W[k0]).__name__}")
    return loss


def retype(conv_key=None, conv_val=None):
    for k in list(CLASS_W):
        v = CLASS_W.pop(k)
        CLASS_W[conv_key(k) if conv_key else k] = conv_val(v) if conv_val else v


for step in range(32):
    if step == 8:
        retype(conv_key=lambda k: np.unique(np.array([k]))[0])
    if step == 16:
        retype(conv_val=lambda v: np.float64(v) * np.float64(1.0))
    if step == 22:
        retype(conv_key=float)
    if step == 27:
        retype(conv_key=int)
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()[:6]],
    "keys": [repr(k) for k in CLASS_W],
    "values": [repr(v) for v in CLASS_W.values()],
    "iterations": int(OPT.iterations.numpy()),
}))
