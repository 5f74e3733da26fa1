"""An Embedding with an L2 embeddings_regularizer: the step adds sum(model.losses) to the
loss, so the table's gradient arrives at the tape both as IndexedSlices (the lookup) and
dense (the regulariser); eager's tape aggregates the mix into one IndexedSlices with the
dense part as a full range of rows (duplicates).  The step prints the aggregated
gradient's type name and its number of rows, then Adam applies.  From step 8 the
regulariser factor is doubled by multiplying the loss term, and the batch size changes.
Probes: tape aggregation of mixed sparse/dense grads in a converted step."""
import random

import numpy

random.seed(28)
numpy.random.seed(28)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2828)
rng = np.random.default_rng(2828)
IDS = rng.integers(0, 9, size=(200, 3)).astype(np.int32)
YS = rng.normal(size=(200, 1)).astype(np.float32)
EMB = keras.layers.Embedding(9, 3, embeddings_regularizer=keras.regularizers.L2(0.01))
HEAD = keras.layers.Dense(1)
EMB.build((None, 3))
HEAD.build((None, 9))
OPT = keras.optimizers.Adam(learning_rate=0.03)
RF = 1.0


def train_step(ids, y):
    with tf.GradientTape() as tape:
        p = HEAD(tf.reshape(EMB(ids), (-1, 9)))
        loss = tf.reduce_mean(tf.square(p - y)) + RF * tf.add_n(EMB.losses)
    vs = EMB.trainable_variables + HEAD.trainable_variables
    grads = tape.gradient(loss, vs)
    g0 = grads[0]
    kind = type(g0).__name__
    rows = tf.shape(g0.values)[0] if isinstance(g0, tf.IndexedSlices) else tf.shape(g0)[0]
    OPT.apply_gradients(zip(grads, vs))
    return loss, kind, rows


B = 5
for step in range(30):
    if step == 8:
        RF = 2.0
        B = 7
    i = (step * 6) % 190
    loss, kind, rows = train_step(tf.constant(IDS[i:i + B]), tf.constant(YS[i:i + B]))
    print(step, repr(float(loss)), kind, int(rows))

print(json.dumps({
    "emb": [repr(float(v)) for v in EMB.embeddings.numpy().ravel()],
    "head": [repr(float(v)) for v in HEAD.kernel.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
}))
