"""A functional classifier trained with Adam, with a `tf.train.Checkpoint` of the model
and optimizer written to a temporary directory from the loop.  Mid-run, between
converted steps: at step 6 the checkpoint is written, at step 13 it is read back (the
weights, Adam's moments and its iteration count all jump back to step 6's values), at
step 19 the global optimizer is replaced by a brand-new Adam and a new checkpoint
object over it reads the saved file before the new optimizer has any slot variables
(TF defers their restoration until Keras creates them, inside the next step call), at
step 26 the checkpoint is written again and at step 30 read again.  The step prints
`OPT.iterations` and the first moment slot (`OPT.variables[2]`) after each update.
Probes: checkpoint restore mid-run of variables and optimizer state a converted step
reads, and a new optimizer whose slots are made (and restored) by the step.  The
temporary directory is deleted before the end."""
import random

import numpy

random.seed(5728)
numpy.random.seed(5728)

import json
import os
import shutil
import tempfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5728)
rng = np.random.default_rng(5728)
XS = rng.normal(size=(200, 6)).astype(np.float32)
YS = ((XS[:, 0] > 0).astype(np.int32) + (XS[:, 1] > 0.5).astype(np.int32)).astype(np.int32)

inp = keras.Input((6,))
h = keras.layers.Dense(10, activation="relu")(inp)
out = keras.layers.Dense(3)(h)
MODEL = keras.Model(inp, out)
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
OPT = keras.optimizers.Adam(learning_rate=0.02)
CKPT = tf.train.Checkpoint(model=MODEL, optimizer=OPT)
TMPDIR = tempfile.mkdtemp(prefix="rt57ckpt")
PREFIX = os.path.join(TMPDIR, "state")


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(y, MODEL(x, training=True))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    slot = OPT.variables[2] if len(OPT.variables) > 2 else OPT.iterations
    return loss, int(OPT.iterations), tf.reduce_sum(tf.abs(slot))


for step in range(34):
    if step == 6:
        CKPT.write(PREFIX)
    if step == 13:
        CKPT.read(PREFIX).assert_consumed()
    if step == 19:
        OPT = keras.optimizers.Adam(learning_rate=0.01)
        CKPT = tf.train.Checkpoint(model=MODEL, optimizer=OPT)
        CKPT.read(PREFIX).expect_partial()
    if step == 26:
        CKPT.write(PREFIX)
    if step == 30:
        CKPT.read(PREFIX).expect_partial()
    i = (step * 10) % 190
    loss, it, slot = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), it, repr(float(slot)),
          repr(float(MODEL.layers[1].kernel.numpy()[0, 0])))

shutil.rmtree(TMPDIR)
del TMPDIR, PREFIX
print(json.dumps({
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:10]],
    "k2": [repr(float(v)) for v in MODEL.layers[2].kernel.numpy().ravel()[:9]],
    "it": int(OPT.iterations.numpy()),
}))
