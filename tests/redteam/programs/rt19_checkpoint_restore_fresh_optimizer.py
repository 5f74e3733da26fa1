"""Resuming from a checkpoint mid-run, as a fine-tuning script does after a divergence:
at step 10 the loop writes `tf.train.Checkpoint(w1=W1, w2=W2, opt=OPT)` (weights, the
Adam optimizer's iteration count and its moment slots) to a temporary directory; at
step 20 it makes a FRESH Adam optimizer, rebinds the global OPT to it and restores the
checkpoint into `tf.train.Checkpoint(w1=W1, w2=W2, opt=OPT)`.  The weights are assigned
at once; the fresh optimizer has no slots yet, so its iteration count and moments are
restored when its first apply_gradients creates them (TF's deferred, restore-on-create
restoration), inside the step.  Probes: variables made by library code inside the step
with values a pending restore supplies at creation (the build lets TF make them outside
its graph); a converter whose creation path skips the restore starts the new optimizer
from zero moments and iteration 0."""
import json
import os
import shutil
import tempfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1983)
rng = np.random.default_rng(1983)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.Adam(learning_rate=0.01)
WORKDIR = tempfile.mkdtemp(prefix="rt19_ckpt_")


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


saved = None
status = None
for step in range(30):
    if step == 10:
        saved = tf.train.Checkpoint(w1=W1, w2=W2, opt=OPT).write(os.path.join(WORKDIR, "ck"))
    if step == 20:
        OPT = keras.optimizers.Adam(learning_rate=0.01)
        status = tf.train.Checkpoint(w1=W1, w2=W2, opt=OPT).restore(saved)
        print("restored iterations before first apply:", int(OPT.iterations.numpy()))
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), int(OPT.iterations.numpy()))

slots = [v for v in OPT.variables if "momentum" in v.path or "velocity" in v.path]
summary = {
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
    "slots": [repr(float(v.numpy().ravel()[0])) for v in slots],
}
shutil.rmtree(WORKDIR)
status.expect_partial()
del WORKDIR, saved, status
print(json.dumps(summary))
