"""The step "opens" a scratch resource named after the phase and registers its cleanup with
atexit.register(release, RESOURCE, k) at every call (a common leak-prone pattern); once
the phase changes it unregisters `release_all` and re-registers it.  atexit runs the
callbacks at interpreter exit in LIFO order, each printing a line, so the text after the
final JSON shows exactly how many registrations each call made and with which arguments.
A graph that ran atexit.register once while building (or never, on its graph calls)
would print a different tail.  Probes: interpreter-global registrations (atexit) made by
a converted step."""
import atexit
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1623)
rng = np.random.default_rng(1623)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS.mean(axis=1, keepdims=True) * 2.0).astype(np.float32)
W = tf.Variable(tf.zeros([4, 1]))
OPT = keras.optimizers.SGD(learning_rate=0.1)

RESOURCE = "scratch-warm"
COUNTS = {"registered": 0}


def release(name, k):
    print(f"atexit: release {name} #{k}")


def release_all():
    print(f"atexit: release_all after {COUNTS['registered']} registrations")


def train_step(x, y, k):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    atexit.register(release, RESOURCE, k)
    COUNTS["registered"] += 1
    return loss


for step in range(24):
    if step in (8, 16):
        RESOURCE = "scratch-main" if step == 8 else "scratch-tune"
        atexit.unregister(release_all)
        atexit.register(release_all)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step % 3)
    print(step, repr(float(loss)), COUNTS["registered"])

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "registered": COUNTS["registered"],
}))
