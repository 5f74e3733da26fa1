"""A Sequential regressor whose training step itself rolls back to the last good
checkpoint when the loop asks for it: when `ROLLBACK["now"]` (a Python dict entry the
loop sets) is True, the step calls `CKPT.read(PREFIX).expect_partial()` (restoring the
model's weights and SGD's momentum slots) before its forward pass, clears the flag and
counts the rollback in `ROLLBACK["count"]`.  The loop writes the checkpoint to a
temporary directory at steps 5 and 18 and requests rollbacks at steps 12, 24 and 29.
Eagerly the restore happens right there in the call, and the forward pass reads the
restored weights.
Probes: a library call that restores variables from a file inside the step, taken
only on some calls; the reads after it within the same call.  The temporary directory
is deleted before the end."""
import random

import numpy

random.seed(5729)
numpy.random.seed(5729)

import json
import os
import shutil
import tempfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5729)
rng = np.random.default_rng(5729)
XS = rng.normal(size=(176, 5)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) ** 2 * 0.3).astype(np.float32)

MODEL = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(10, activation="relu"),
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.02, momentum=0.8)
CKPT = tf.train.Checkpoint(model=MODEL, optimizer=OPT)
TMPDIR = tempfile.mkdtemp(prefix="rt57roll")
PREFIX = os.path.join(TMPDIR, "good")
ROLLBACK = {"now": False, "count": 0}


def train_step(x, y):
    if ROLLBACK["now"]:
        CKPT.read(PREFIX).expect_partial()
        ROLLBACK["now"] = False
        ROLLBACK["count"] += 1
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step in (5, 18):
        CKPT.write(PREFIX)
    if step in (12, 24, 29):
        ROLLBACK["now"] = True
    i = (step * 8) % 168
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), ROLLBACK["count"], int(OPT.iterations),
          repr(float(MODEL.layers[0].kernel.numpy()[0, 0])))

shutil.rmtree(TMPDIR)
del TMPDIR, PREFIX
print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:10]],
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
    "rollbacks": ROLLBACK["count"],
}))
