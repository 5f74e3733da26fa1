"""Co-execution: the step calls zlib.crc32 on the id bytes (it stays in the interpreter)
so the Embedding model, loss, metric and optimizer calls become graph sites.  The
IndexedSlices gradient is clipped with tf.clip_by_norm and scaled by a Python factor
derived from the crc, then Adam applies; a Mean metric tracks the loss.  From step 8 the
batch grows and ids become all-equal in half the rows.  Probes: IndexedSlices handed to an
apply_gradients site, sites with changing id counts."""
import random

import numpy

random.seed(5)
numpy.random.seed(5)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(505)
rng = np.random.default_rng(505)
IDS = rng.integers(0, 25, size=(200, 4)).astype(np.int32)
YS = rng.integers(0, 3, size=(200,)).astype(np.int32)
MODEL = keras.Sequential([keras.Input((4,), dtype="int32"), keras.layers.Embedding(25, 5),
                          keras.layers.GlobalAveragePooling1D(), keras.layers.Dense(3)])
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
MET = keras.metrics.Mean()
OPT = keras.optimizers.Adam(learning_rate=0.03)
CRCS = []


def train_step(ids, y):
    c = zlib.crc32(ids.numpy().tobytes())
    CRCS.append(c)
    scale = 1.0 + (c % 7) / 10.0
    with tf.GradientTape() as tape:
        loss = LOSS(y, MODEL(ids))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    grads = [tf.clip_by_norm(g, 0.2) * scale if isinstance(g, tf.Tensor) else
             tf.IndexedSlices(tf.clip_by_norm(g, 0.2).values * scale, g.indices, g.dense_shape)
             for g in grads]
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    MET(loss)
    return loss


B = 8
for step in range(30):
    if step == 8:
        B = 10
    i = (step * B) % 180
    ids = IDS[i:i + B].copy()
    if step >= 8:
        ids[: B // 2] = ids[0, 0]
    loss = train_step(tf.constant(ids), tf.constant(YS[i:i + B]))
    print(step, repr(float(loss)), repr(float(MET.result())))

print(json.dumps({
    "w": [[repr(float(x)) for x in v.numpy().ravel()[:12]] for v in MODEL.trainable_variables],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "crcs": CRCS,
}))
